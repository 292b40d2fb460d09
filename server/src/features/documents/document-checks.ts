import { createHash } from 'node:crypto'
import path from 'node:path'
import { DocumentTypeSchema, documentMessages } from '@patentdesk/contract/documents'
import { fileRules } from '@patentdesk/contract/file-kinds'
import type { DocumentReader } from '~/document-reader/document-reader'
import { checkFileKind } from '~/document-reader/file-kind'
import { AppError } from '~/errors'
import type { Upload } from './upload'

/** The file's real type, from its bytes; its name must agree (a PNG called .pdf is refused). */
async function checkContent(fileName: string, bytes: Buffer) {
  const kind = await checkFileKind(fileRules.upload, fileName, bytes)
  if (kind.ok) return kind
  const message = kind.problem === 'name' ? documentMessages.wrongType : documentMessages.contentMismatch
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { file: message })
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
async function checkReadable(
  reader: DocumentReader,
  kind: Awaited<ReturnType<typeof checkContent>>,
  bytes: Buffer,
) {
  if (!kind.reader) return
  const outcome = await reader.read(kind.reader, 'check', bytes)
  if (!outcome.ok) throw new AppError('UNPROCESSABLE', outcome.problem, { file: outcome.problem })
}

/**
 * Every check a supporting document passes before it is stored, whether it goes straight to an
 * application or waits as a pending upload: its name, its type by content, and that it can be read.
 */
export async function checkDocument(reader: DocumentReader, upload: Upload) {
  const { fileName, documentType } = checkNames(upload)
  const kind = await checkContent(fileName, upload.bytes)
  await checkReadable(reader, kind, upload.bytes)
  return {
    fileName,
    documentType,
    fileType: kind.mime,
    sizeBytes: upload.bytes.length,
    sha256: createHash('sha256').update(upload.bytes).digest('hex'),
  }
}
