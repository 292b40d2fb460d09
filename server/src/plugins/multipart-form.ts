import { messages } from '@patentdesk/contract/errors'
import type { FastifyRequest } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { AppError } from '~/errors'
import { nulError } from './refuse-nul'

export type MultipartForm = { file?: { fileName: string; bytes: Buffer }; fields: Record<string, string> }

/** Enough for short fields such as a document type; a form with long text says how long it may be. */
const defaultFieldBytes = 1000

/**
 * Reads a multipart form: text fields of at most `maxFieldBytes` each and at most one file in `fileField`,
 * whose size limit is enforced while streaming. Transport errors become clear 4xx answers.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: {
    fileField: string
    maxBytes: number
    tooLarge: string
    missingFile: string
    maxFieldBytes?: number
  },
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {} }
  const fieldSize = options.maxFieldBytes ?? defaultFieldBytes
  const errors: Record<string, () => AppError> = {
    FST_REQ_FILE_TOO_LARGE: () =>
      new AppError('PAYLOAD_TOO_LARGE', options.tooLarge, { [options.fileField]: options.tooLarge }),
    FST_FILES_LIMIT: () => new AppError('BAD_REQUEST', `Send one file, in the field "${options.fileField}".`),
    FST_INVALID_MULTIPART_CONTENT_TYPE: () => new AppError('UNSUPPORTED_MEDIA_TYPE', options.missingFile),
  }
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1, fieldSize } })) {
      if (part.type === 'file') {
        if (part.fieldname !== options.fileField) throw new AppError('BAD_REQUEST', options.missingFile)
        if (part.filename.includes('\u0000')) throw nulError(options.fileField)
        form.file = { fileName: part.filename, bytes: await part.toBuffer() }
        continue
      }
      // Busboy cuts a longer value short without failing; a cut text must never pass for the whole one.
      if (part.valueTruncated) throw fieldTooLarge(part.fieldname, fieldSize)
      const value = String(part.value)
      if (value.includes('\u0000')) throw nulError(part.fieldname)
      form.fields[part.fieldname] = value
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    const known = code && errors[code]?.()
    if (known) throw known
    if (error instanceof AppError || isClientError(error)) throw error
    // Busboy reports a body cut off before its closing boundary, or a missing boundary, as a plain Error.
    throw new AppError('BAD_REQUEST', messages.malformedMultipart)
  }
  return form
}

/**
 * A form's text fields checked by `schema` as Fastify checks a JSON body: the same validator, failing with the
 * error Fastify raises (FST_ERR_VALIDATION), which the one error handler answers with every problem named,
 * field by field.
 */
export function parseFormFields<Schema extends z.ZodType>(
  schema: Schema,
  fields: MultipartForm['fields'],
): z.output<Schema> {
  const validate = validatorCompiler({ schema, method: 'POST', url: '', httpPart: 'body' }) as (
    data: unknown,
  ) => { value: z.output<Schema> } | { error: unknown[] }
  const result = validate(fields)
  if ('value' in result) return result.value
  throw Object.assign(new Error('body is invalid'), {
    statusCode: 400,
    code: 'FST_ERR_VALIDATION',
    validation: result.error,
    validationContext: 'body',
  })
}

function fieldTooLarge(field: string, bytes: number) {
  const message = messages.fieldTooLarge.replace('{field}', field).replace('{bytes}', String(bytes))
  return new AppError('PAYLOAD_TOO_LARGE', message, { [field]: message })
}

/** @fastify/multipart's own errors (too many parts, a prototype field name) carry a 4xx status. */
const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown }).statusCode
  return typeof status === 'number' && status >= 400 && status < 500
}
