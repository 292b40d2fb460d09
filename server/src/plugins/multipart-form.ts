import type { FastifyRequest } from 'fastify'
import { AppError } from '~/errors'

export type MultipartForm = { file?: { fileName: string; bytes: Buffer }; fields: Record<string, string> }

/**
 * Reads a multipart form: text fields and at most one file in `fileField`, whose size limit is enforced
 * while streaming. Transport errors become clear 4xx answers.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; maxBytes: number; tooLarge: string; missingFile: string },
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {} }
  const errors: Record<string, () => AppError> = {
    FST_REQ_FILE_TOO_LARGE: () =>
      new AppError('PAYLOAD_TOO_LARGE', options.tooLarge, { [options.fileField]: options.tooLarge }),
    FST_FILES_LIMIT: () => new AppError('BAD_REQUEST', `Send one file, in the field "${options.fileField}".`),
    FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('UNSUPPORTED_MEDIA_TYPE', options.missingFile),
  }
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) throw new AppError('BAD_REQUEST', options.missingFile)
        form.file = { fileName: part.filename, bytes: await part.toBuffer() }
      } else {
        form.fields[part.fieldname] = String(part.value)
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    throw (code && errors[code]?.()) || error
  }
  return form
}
