import { documentMessages } from '@patentdesk/contract/documents'
import { fileRules } from '@patentdesk/contract/file-kinds'
import type { FastifyRequest } from 'fastify'
import { AppError } from '~/errors'
import { readMultipartForm } from '~/plugins/multipart-form'

export type Upload = { fileName: string; bytes: Buffer; documentType: string | undefined }

/** A supporting document upload: the `file` part and an optional `documentType` field, in either order. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const form = await readMultipartForm(request, {
    fileField: 'file',
    maxBytes: fileRules.upload.maxBytes,
    tooLarge: documentMessages.tooLarge,
    missingFile: documentMessages.missingFile,
  })
  if (!form.file)
    throw new AppError('BAD_REQUEST', documentMessages.missingFile, { file: documentMessages.missingFile })
  return { ...form.file, documentType: form.fields.documentType }
}
