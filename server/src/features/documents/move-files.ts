import { createHash } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import type { Db } from '~/db/database'
import { BlobMissingError, type BlobStorage } from '~/providers/storage/blob-storage'
import * as repo from './documents.repo'

export type MoveReport = {
  moved: number
  bytes: number
  /** Already in the target store (an earlier run). */
  present: number
  /** In neither store: the document's bytes are lost. */
  missing: string[]
  /** On disk, but not the bytes that were uploaded (their SHA-256 differs): left where they are. */
  damaged: string[]
}

/** Whether `storage` holds `key`, without reading it. */
async function holds(storage: BlobStorage, key: string) {
  try {
    ;(await storage.get(key)).destroy()
    return true
  } catch (error) {
    if (error instanceof BlobMissingError) return false
    throw error
  }
}

/**
 * Moves every document's bytes from `from` (the data folder) into `to` (the shared store): each file is
 * checked against the SHA-256 recorded at upload, stored, and only then deleted, one at a time. Running it
 * again moves what is left and counts what is already there, so an interrupted run is simply repeated.
 */
export async function moveFiles({ db, from, to }: { db: Db; from: BlobStorage; to: BlobStorage }) {
  const report: MoveReport = { moved: 0, bytes: 0, present: 0, missing: [], damaged: [] }
  for (const row of await repo.listStoredBytes(db)) {
    let bytes: Buffer
    try {
      bytes = await buffer(await from.get(row.storageKey))
    } catch (error) {
      if (!(error instanceof BlobMissingError)) throw error
      if (await holds(to, row.storageKey)) report.present += 1
      else report.missing.push(row.storageKey)
      continue
    }
    if (createHash('sha256').update(bytes).digest('hex') !== row.sha256) {
      report.damaged.push(row.storageKey)
      continue
    }
    await to.put(row.storageKey, bytes)
    await from.remove(row.storageKey)
    report.moved += 1
    report.bytes += bytes.length
  }
  return report
}
