import fs from 'node:fs'
import readline from 'node:readline'
import zlib from 'node:zlib'

export type Line = { number: number; text: string }

/**
 * Streams the lines of a text file, gunzipping it on the fly (`gzip`, by default when it is named `.gz`), in
 * constant memory whatever the size. The file is opened when the iteration starts: readline reads as soon
 * as it exists, and the lines it reads before a loop listens are lost (a caller that awaits a query first
 * would meet the end of the file at once, or never). `progress()` answers the share of the file read so far
 * (by compressed bytes), for progress bars.
 */
export function readLines(file: string, { gzip = file.endsWith('.gz') }: { gzip?: boolean } = {}) {
  const total = fs.statSync(file).size
  let raw: fs.ReadStream | undefined
  return {
    progress: () => (total === 0 ? 1 : (raw?.bytesRead ?? 0) / total),
    async *[Symbol.asyncIterator](): AsyncGenerator<Line> {
      raw = fs.createReadStream(file)
      const input = gzip ? raw.pipe(zlib.createGunzip()) : raw
      const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
      let number = 0
      try {
        for await (const text of lines) {
          number += 1
          yield { number, text }
        }
      } finally {
        raw.destroy()
      }
    },
  }
}
