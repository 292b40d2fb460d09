import { randomUUID } from 'node:crypto'
import { documentMessages, type PendingUpload } from '@patentdesk/contract/documents'
import { limits } from '@patentdesk/contract/limits'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import type { DocumentReader } from '~/document-reader/document-reader'
import { AppError } from '~/errors'
import type { AuthUser } from '~/features/auth/auth.service'
import type { BlobStorage } from '~/providers/storage/blob-storage'
import { checkDocument } from './document-checks'
import * as repo from './pending-uploads.repo'
import type { Upload } from './upload'

const keptMs = limits.documents.pendingHours * 3_600_000

const toPendingUpload = (row: repo.PendingUploadRow): PendingUpload => ({
  id: row.id,
  fileName: row.fileName,
  fileType: row.fileType,
  sizeBytes: row.sizeBytes,
  expiresAt: new Date(row.createdAt.getTime() + keptMs).toISOString(),
})

/**
 * Files uploaded as they are chosen, before Save (decision 18). They pass every check a document
 * passes, belong to the user who sent them, count against no application's limit until attached,
 * and are removed a day later if nothing attached them.
 */
export function createPendingUploadsService(deps: {
  db: Db
  storage: BlobStorage
  reader: DocumentReader
  log: FastifyBaseLogger
  /** USER_STORAGE_MB: what one user's documents, attached and pending, may take in all. */
  userStorageMb: number
}) {
  const { db, storage } = deps
  const maxStoredBytes = deps.userStorageMb * 1024 * 1024

  function refuseStorage(): never {
    const message = documentMessages.storageFull(deps.userStorageMb)
    throw new AppError('PAYLOAD_TOO_LARGE', message, { file: message })
  }

  /**
   * Refuses `bytes` more for the user past their storage limit. In a transaction it takes the user's
   * upload lock first, so parallel uploads count each other's bytes; without one it is the early check
   * made before the body is read.
   */
  async function requireStorage(tx: Db, userId: number, bytes: number, { lock = true } = {}) {
    if (lock) await repo.lockUserUploads(tx, userId)
    if ((await repo.storedBytes(tx, userId)) + bytes > maxStoredBytes) refuseStorage()
  }

  /** Removes bytes whose rows are gone; a failure leaves an unreferenced file, never a broken row. */
  async function removeBytes(storageKeys: string[]) {
    for (const key of storageKeys) {
      await storage
        .remove(key)
        .catch((error: unknown) => deps.log.warn({ err: error, key }, 'pending file kept'))
    }
  }

  return {
    async create(viewer: AuthUser, read: () => Promise<Upload>) {
      // Refuse before reading the body when the user is already at the limit.
      if ((await repo.countPending(db, viewer.id)) >= limits.documents.maxPending) {
        throw new AppError('CONFLICT', documentMessages.tooManyPending)
      }
      await requireStorage(db, viewer.id, 1, { lock: false })
      const upload = await read()
      const checked = await checkDocument(deps.reader, upload)
      const id = randomUUID()
      const storageKey = `pending/${viewer.id}/${id}`
      await storage.put(storageKey, upload.bytes)
      try {
        const row = await db.transaction(async (tx) => {
          await requireStorage(tx, viewer.id, checked.sizeBytes)
          if ((await repo.countPending(tx, viewer.id)) >= limits.documents.maxPending) {
            throw new AppError('CONFLICT', documentMessages.tooManyPending)
          }
          const { documentType: _, ...file } = checked
          return repo.insertPending(tx, { ...file, id, userId: viewer.id, storageKey })
        })
        return toPendingUpload(row)
      } catch (error) {
        await storage.remove(storageKey)
        throw error
      }
    },

    requireStorage,

    async remove(viewer: AuthUser, uploadId: string) {
      const [row] = await repo.takePending(db, viewer.id, [uploadId])
      if (!row) throw new AppError('NOT_FOUND', documentMessages.uploadGone)
      await removeBytes([row.storageKey])
    },

    /**
     * Takes the user's uploads out of the pending area inside the caller's transaction, in the order
     * asked; one that is gone (removed, expired, or someone else's) refuses them all.
     */
    async take(tx: Db, viewer: AuthUser, uploadIds: string[]) {
      const rows = await repo.takePending(tx, viewer.id, uploadIds)
      const byId = new Map(rows.map((row) => [row.id, row]))
      return uploadIds.map((id) => {
        const row = byId.get(id)
        if (!row) throw new AppError('NOT_FOUND', documentMessages.uploadGone)
        return row
      })
    },

    /** Removes uploads older than the pending period; safe to run on every instance at once. */
    async sweep(now = new Date()) {
      const expired = await repo.takeExpired(db, new Date(now.getTime() - keptMs))
      await removeBytes(expired.map((row) => row.storageKey))
      return expired.length
    },
  }
}

export type PendingUploadsService = ReturnType<typeof createPendingUploadsService>
