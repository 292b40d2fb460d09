import { createHash, randomUUID } from 'node:crypto'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import {
  acceptedDocumentTypes,
  type DocumentMimeType,
  DocumentTypeSchema,
  documentMessages,
  type PatentDocument,
} from '@patentdesk/contract/documents'
import { limits } from '@patentdesk/contract/limits'
import { fileTypeFromBuffer } from 'file-type'
import type { Db } from '~/db/client'
import type { DocumentReader } from '~/document-reader/document-reader'
import { kindOfMime } from '~/document-reader/kind'
import { AppError } from '~/errors'
import type { ApplicationsService } from '~/features/applications/applications.service'
import type { AuthUser } from '~/features/auth/auth.service'
import { BlobMissingError, type BlobStorage } from '~/providers/storage/blob-storage'
import * as repo from './documents.repo'
import type { Upload } from './upload'

const toDocument = (row: repo.DocumentRow): PatentDocument => ({
  id: row.id,
  fileName: row.fileName,
  fileType: row.fileType,
  documentType: DocumentTypeSchema.safeParse(row.documentType).data ?? 'other',
  sizeBytes: row.sizeBytes,
  uploadedAt: row.uploadedAt.toISOString(),
})

const mimeByExtension = new Map<string, DocumentMimeType>(
  Object.entries(acceptedDocumentTypes).flatMap(([mime, extensions]) =>
    extensions.map((extension) => [extension, mime as DocumentMimeType]),
  ),
)

/** The file's real type, from its bytes; its name must agree (a PNG called .pdf is refused). */
async function checkContent(fileName: string, bytes: Buffer): Promise<DocumentMimeType> {
  const claimed = mimeByExtension.get(path.extname(fileName).toLowerCase())
  if (!claimed)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', documentMessages.wrongType, {
      file: documentMessages.wrongType,
    })
  const detected = (await fileTypeFromBuffer(bytes))?.mime
  if (detected !== claimed) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', documentMessages.contentMismatch, {
      file: documentMessages.contentMismatch,
    })
  }
  return claimed
}

function checkUpload(upload: Upload) {
  const documentType = DocumentTypeSchema.safeParse(upload.documentType ?? 'supporting')
  if (!documentType.success) {
    const message = documentType.error.issues[0]?.message ?? 'Invalid documentType.'
    throw new AppError('BAD_REQUEST', message, { documentType: message })
  }
  // Browsers send a bare name; some clients send a path. Keep the last segment only.
  const fileName = path.basename(upload.fileName.replaceAll('\\', '/')).trim()
  if (fileName.length > 255)
    throw new AppError('BAD_REQUEST', documentMessages.fileNameMax, { file: documentMessages.fileNameMax })
  if (upload.bytes.length === 0)
    throw new AppError('BAD_REQUEST', documentMessages.empty, { file: documentMessages.empty })
  return { fileName, documentType: documentType.data }
}

export function createDocumentsService(deps: {
  db: Db
  storage: BlobStorage
  applications: ApplicationsService
  reader: DocumentReader
}) {
  const { db, storage, applications } = deps

  /** Proves in the document reader's workers that the content opens within the limits (422 if not). */
  async function checkReadable(fileType: DocumentMimeType, bytes: Buffer) {
    const kind = kindOfMime(fileType)
    if (!kind) return
    const outcome = await deps.reader.read(kind, 'check', bytes)
    if (!outcome.ok) throw new AppError('UNPROCESSABLE', outcome.problem, { file: outcome.problem })
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
     * Checks the right to upload before reading the body, then stores the bytes and the row; the
     * application row is locked while counting, so parallel uploads cannot pass the limit.
     */
    async upload(viewer: AuthUser, applicationId: number, read: () => Promise<Upload>) {
      await applications.requireEditable(viewer, applicationId)
      const upload = await read()
      const { fileName, documentType } = checkUpload(upload)
      const fileType = await checkContent(fileName, upload.bytes)
      await checkReadable(fileType, upload.bytes)
      const storageKey = `applications/${applicationId}/${randomUUID()}`
      await storage.put(storageKey, upload.bytes)
      try {
        const row = await db.transaction(async (tx) => {
          await applications.requireEditable(viewer, applicationId, tx)
          if ((await repo.countDocuments(tx, applicationId)) >= limits.documents.maxFiles) {
            throw new AppError('CONFLICT', documentMessages.tooMany)
          }
          await applications.touch(applicationId, tx)
          return repo.insertDocument(tx, {
            applicationId,
            uploadedBy: viewer.id,
            fileName,
            fileType,
            documentType,
            sizeBytes: upload.bytes.length,
            sha256: createHash('sha256').update(upload.bytes).digest('hex'),
            storageKey,
          })
        })
        return toDocument(row)
      } catch (error) {
        await storage.remove(storageKey)
        throw error
      }
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
        await applications.requireEditable(viewer, applicationId, tx)
        const found = await repo.findDocument(tx, applicationId, documentId)
        if (!found) throw new AppError('NOT_FOUND', documentMessages.notFound)
        await repo.deleteDocument(tx, documentId)
        await applications.touch(applicationId, tx)
        return found
      })
      await storage.remove(row.storageKey)
    },
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>
