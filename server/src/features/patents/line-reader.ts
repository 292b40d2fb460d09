import fs from 'node:fs'
import readline from 'node:readline'
import zlib from 'node:zlib'

export type Line = { number: number; text: string }

/**
 * Streams the lines of a text file, gunzipping it on the fly (`gzip`, by default when it is named `.gz`), in
 * constant memory whatever the size.
 * `progress()` answers the share of the file read so far (by compressed bytes), for progress bars.
 */
export function readLines(file: string, { gzip = file.endsWith('.gz') }: { gzip?: boolean } = {}) {
  const total = fs.statSync(file).size
  const raw = fs.createReadStream(file)
  const input = gzip ? raw.pipe(zlib.createGunzip()) : raw
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })
  return {
    progress: () => (total === 0 ? 1 : raw.bytesRead / total),
    async *[Symbol.asyncIterator](): AsyncGenerator<Line> {
      let number = 0
      for await (const text of lines) {
        number += 1
        yield { number, text }
      }
    },
  }
}
