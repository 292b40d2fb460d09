import { randomUUID } from 'node:crypto'
import { buffer } from 'node:stream/consumers'
import {
  type ApplicationDocument,
  type AttachDocuments,
  DocumentTypeSchema,
  documentMessages,
} from '@patentdesk/contract/documents'
import { limits } from '@patentdesk/contract/limits'
import type { Db } from '~/db/database'
import type { patentDocuments } from '~/db/schema'
import type { DocumentReader } from '~/document-reader/document-reader'
import { AppError } from '~/errors'
import type { ActivityService } from '~/features/activity/activity.service'
import type { ApplicationsService } from '~/features/applications/applications.service'
import type { AuthUser } from '~/features/auth/auth.service'
import { BlobMissingError, type BlobStorage } from '~/providers/storage/blob-storage'
import { checkDocument } from './document-checks'
import * as repo from './documents.repo'
import type { PendingUploadsService } from './pending-uploads.service'
import type { Upload } from './upload'

const toDocument = (row: repo.DocumentRow): ApplicationDocument => ({
  id: row.id,
  fileName: row.fileName,
  fileType: row.fileType,
  documentType: DocumentTypeSchema.safeParse(row.documentType).data ?? 'other',
  sizeBytes: row.sizeBytes,
  uploadedAt: row.uploadedAt.toISOString(),
})

export function createDocumentsService(deps: {
  db: Db
  storage: BlobStorage
  applications: ApplicationsService
  reader: DocumentReader
  pending: PendingUploadsService
  activity: ActivityService
}) {
  const { db, storage, applications } = deps

  type NewDocument = Omit<typeof patentDocuments.$inferInsert, 'applicationId' | 'uploadedBy'>

  /** Adds documents to an editable application; its row is locked while counting, so parallel additions cannot pass the limit. */
  async function addDocuments(tx: Db, viewer: AuthUser, applicationId: number, documents: NewDocument[]) {
    const application = await applications.requireEditable(viewer, applicationId, tx)
    if ((await repo.countDocuments(tx, applicationId)) + documents.length > limits.documents.maxFiles) {
      throw new AppError('CONFLICT', documentMessages.tooMany)
    }
    await applications.touch(applicationId, tx)
    const rows: repo.DocumentRow[] = []
    for (const document of documents) {
      rows.push(await repo.insertDocument(tx, { ...document, applicationId, uploadedBy: viewer.id }))
    }
    const names = documents.map((document) => document.fileName).join(', ')
    await deps.activity.record(
      {
        applicationId,
        actorId: viewer.id,
        kind: 'document_added',
        subject: application.reference,
        detail: `Added ${names}.`,
      },
      tx,
    )
    return rows.map(toDocument)
  }

  /** A row whose bytes are gone (a data folder lost, files not yet moved to the shared store) is a 404. */
  async function open(storageKey: string) {
    try {
      return await storage.get(storageKey)
    } catch (error) {
      if (error instanceof BlobMissingError) throw new AppError('NOT_FOUND', documentMessages.bytesMissing)
      throw error
    }
  }

  return {
    async list(viewer: AuthUser, applicationId: number) {
      await applications.requireViewable(viewer, applicationId)
      return (await repo.listDocuments(db, applicationId)).map(toDocument)
    },

    /**
     * Checks the right to upload (and that the user has room left) before reading the body, then stores
     * the bytes and the row; the user's storage is counted again under their upload lock.
     */
    async upload(viewer: AuthUser, applicationId: number, read: () => Promise<Upload>) {
      await applications.requireEditable(viewer, applicationId)
      await deps.pending.requireStorage(db, viewer.id, 1, { lock: false })
      const upload = await read()
      const checked = await checkDocument(deps.reader, upload)
      const storageKey = `applications/${applicationId}/${randomUUID()}`
      await storage.put(storageKey, upload.bytes)
      try {
        const [document] = await db.transaction(async (tx) => {
          await deps.pending.requireStorage(tx, viewer.id, checked.sizeBytes)
          return addDocuments(tx, viewer, applicationId, [{ ...checked, storageKey }])
        })
        return document as ApplicationDocument
      } catch (error) {
        await storage.remove(storageKey)
        throw error
      }
    },

    /** Moves files uploaded as they were chosen into the application, all or none; their bytes stay where they are. */
    async attach(viewer: AuthUser, applicationId: number, { uploads }: AttachDocuments) {
      await applications.requireEditable(viewer, applicationId)
      return db.transaction(async (tx) => {
        const taken = await deps.pending.take(
          tx,
          viewer,
          uploads.map((upload) => upload.uploadId),
        )
        return addDocuments(
          tx,
          viewer,
          applicationId,
          taken.map(({ fileName, fileType, sizeBytes, sha256, storageKey }, i) => ({
            fileName,
            fileType,
            sizeBytes,
            sha256,
            storageKey,
            documentType: uploads[i]?.documentType ?? 'supporting',
          })),
        )
      })
    },

    /** Every document's name and a way to read its bytes, for the analysis engine (one file at a time). */
    async contents(viewer: AuthUser, applicationId: number) {
      await applications.requireViewable(viewer, applicationId)
      const rows = await repo.listDocuments(db, applicationId)
      return rows.map((row) => ({
        fileName: row.fileName,
        read: async () => buffer(await open(row.storageKey)),
      }))
    },

    async download(viewer: AuthUser, applicationId: number, documentId: number) {
      await applications.requireViewable(viewer, applicationId)
      const row = await repo.findDocument(db, applicationId, documentId)
      if (!row) throw new AppError('NOT_FOUND', documentMessages.notFound)
      return { document: toDocument(row), stream: await open(row.storageKey) }
    },

    async remove(viewer: AuthUser, applicationId: number, documentId: number) {
      const row = await db.transaction(async (tx) => {
        const application = await applications.requireEditable(viewer, applicationId, tx)
        const found = await repo.findDocument(tx, applicationId, documentId)
        if (!found) throw new AppError('NOT_FOUND', documentMessages.notFound)
        await repo.deleteDocument(tx, documentId)
        await deps.activity.record(
          {
            applicationId,
            actorId: viewer.id,
            kind: 'document_removed',
            subject: application.reference,
            detail: `Removed ${found.fileName}.`,
          },
          tx,
        )
        await applications.touch(applicationId, tx)
        return found
      })
      await storage.remove(row.storageKey)
    },
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>
