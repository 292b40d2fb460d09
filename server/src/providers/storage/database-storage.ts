import { Readable } from 'node:stream'
import { and, count, eq } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { blobChunks } from '~/db/schema'
import { BlobMissingError, type BlobStorage, checkKey } from './blob-storage'

/** Small enough that a download holds one chunk at a time, large enough that a 10 MB file is 40 rows. */
export const CHUNK_BYTES = 256 * 1024

/** The source in chunks of CHUNK_BYTES (the last may be shorter), copying only where a chunk spans reads. */
async function* chunksOf(source: Buffer | Readable): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(source)) {
    for (let at = 0; at < source.length; at += CHUNK_BYTES) yield source.subarray(at, at + CHUNK_BYTES)
    return
  }
  let pending = Buffer.alloc(0)
  for await (const piece of source) {
    pending = pending.length ? Buffer.concat([pending, piece]) : Buffer.from(piece)
    while (pending.length >= CHUNK_BYTES) {
      yield pending.subarray(0, CHUNK_BYTES)
      pending = pending.subarray(CHUNK_BYTES)
    }
  }
  if (pending.length) yield pending
}

const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength)

/**
 * Blobs as rows of `blob_chunks` in the database every server shares. A put is one transaction, so other
 * servers see all of a blob or none of it; a get streams one chunk per query, so neither side ever holds a
 * whole file.
 */
export function createDatabaseStorage(db: Db): BlobStorage {
  const ofKey = (key: string) => eq(blobChunks.key, key)
  return {
    async put(key, source) {
      checkKey(key)
      await db.transaction(async (tx) => {
        await tx.delete(blobChunks).where(ofKey(key))
        let seq = 0
        for await (const data of chunksOf(source))
          await tx.insert(blobChunks).values({ key, seq: seq++, data })
        // An empty blob is one empty chunk, so that it is told apart from a missing one.
        if (seq === 0) await tx.insert(blobChunks).values({ key, seq, data: Buffer.alloc(0) })
      })
    },
    async get(key) {
      checkKey(key)
      const [{ chunks } = { chunks: 0 }] = await db
        .select({ chunks: count() })
        .from(blobChunks)
        .where(ofKey(key))
      if (chunks === 0) throw new BlobMissingError(key)
      async function* read() {
        for (let seq = 0; seq < chunks; seq++) {
          const [row] = await db
            .select({ data: blobChunks.data })
            .from(blobChunks)
            .where(and(ofKey(key), eq(blobChunks.seq, seq)))
          // Removed while being read: the stream ends in an error rather than with part of the file.
          if (!row) throw new BlobMissingError(key)
          yield asBuffer(row.data)
        }
      }
      return Readable.from(read(), { objectMode: false })
    },
    async remove(key) {
      await db.delete(blobChunks).where(ofKey(checkKey(key)))
    },
  }
}
