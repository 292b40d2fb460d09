import { createWriteStream } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { BlobMissingError, type BlobStorage, checkKey } from './blob-storage'

/** Blobs as files under `root`: the embedded database's default, one server per data folder. */
export function createLocalStorage(root: string): BlobStorage {
  const fileOf = (key: string) => path.join(root, checkKey(key))
  let holds = 0
  /** Removals asked for while held; lost with the process, which then leaves their files behind. */
  const held: string[] = []
  return {
    async put(key, source) {
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.partial`
      try {
        await (Buffer.isBuffer(source)
          ? fs.writeFile(temporary, source)
          : pipeline(source, createWriteStream(temporary)))
        await fs.rename(temporary, file)
      } catch (error) {
        await fs.rm(temporary, { force: true })
        throw error
      }
    },
    async get(key) {
      const file = fileOf(key)
      // Opened before answering, so a missing file is known before any byte is sent.
      const handle = await fs.open(file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new BlobMissingError(key) : error
      })
      return handle.createReadStream()
    },
    async remove(key) {
      const file = fileOf(key)
      if (holds > 0) held.push(file)
      else await fs.rm(file, { force: true })
    },
    holdRemovals() {
      holds++
      let released = false
      return async () => {
        if (released) return
        released = true
        if (--holds > 0) return
        for (const file of held.splice(0)) await fs.rm(file, { force: true })
      }
    },
  }
}
