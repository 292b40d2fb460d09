import { createHash } from 'node:crypto'
import path from 'node:path'
import {
  acceptedDocumentTypes,
  type DocumentMimeType,
  DocumentTypeSchema,
  documentMessages,
} from '@patentdesk/contract/documents'
import { fileTypeFromBuffer } from 'file-type'
import type { DocumentReader } from '~/document-reader/document-reader'
import { kindOfMime } from '~/document-reader/kind'
import { AppError } from '~/errors'
import type { Upload } from './upload'

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

function checkNames(upload: Upload) {
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

/** Proves in the document reader's workers that the content opens within the limits (422 if not). */
async function checkReadable(reader: DocumentReader, fileType: DocumentMimeType, bytes: Buffer) {
  const kind = kindOfMime(fileType)
  if (!kind) return
  const outcome = await reader.read(kind, 'check', bytes)
  if (!outcome.ok) throw new AppError('UNPROCESSABLE', outcome.problem, { file: outcome.problem })
}

/**
 * Every check a supporting document passes before it is stored, whether it goes straight to an
 * application or waits as a pending upload: its name, its type by content, and that it can be read.
 */
export async function checkDocument(reader: DocumentReader, upload: Upload) {
  const { fileName, documentType } = checkNames(upload)
  const fileType = await checkContent(fileName, upload.bytes)
  await checkReadable(reader, fileType, upload.bytes)
  return {
    fileName,
    documentType,
    fileType,
    sizeBytes: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
  }
}
