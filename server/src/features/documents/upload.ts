import { documentMessages } from '@patentdesk/contract/documents'
import type { FastifyRequest } from 'fastify'
import { AppError } from '~/errors'

export type Upload = { fileName: string; bytes: Buffer; documentType: string | undefined }

const ERROR_BY_CODE: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError('PAYLOAD_TOO_LARGE', documentMessages.tooLarge),
  FST_FILES_LIMIT: () => new AppError('BAD_REQUEST', documentMessages.oneFilePerRequest),
  FST_INVALID_MULTIPART_CONTENT_TYPE: () =>
    new AppError('UNSUPPORTED_MEDIA_TYPE', documentMessages.missingFile),
}

/**
 * Reads a multipart upload: the `file` part (at most limits.documents.maxBytes, enforced while
 * streaming) and an optional `documentType` field, in either order.
 */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  let file: { fileName: string; bytes: Buffer } | undefined
  let documentType: string | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError('BAD_REQUEST', documentMessages.missingFile)
        file = { fileName: part.filename, bytes: await part.toBuffer() }
      } else if (part.fieldname === 'documentType') {
        documentType = String(part.value)
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    throw (code && ERROR_BY_CODE[code]?.()) || error
  }
  if (!file)
    throw new AppError('BAD_REQUEST', documentMessages.missingFile, { file: documentMessages.missingFile })
  return { ...file, documentType }
}
