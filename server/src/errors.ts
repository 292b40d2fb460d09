import { type ErrorBody, type ErrorCode, messages } from '@patentdesk/contract/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { unreachable } from './db/errors'
import type { ClientPageSender } from './plugins/web-client'

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  TWO_FACTOR_REQUIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
}

// A bare 401 from Fastify or a plugin is UNAUTHENTICATED; TWO_FACTOR_REQUIRED is only ever thrown by name.
const codeByStatus = new Map(
  Object.entries(statusByCode)
    .filter(([code]) => code !== 'TWO_FACTOR_REQUIRED')
    .map(([code, status]) => [status, code as ErrorCode]),
)

/** The one error type services throw; the error handler turns it into an HTTP answer. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** A stale save's record as it now stands (ErrorBody's `current`). */
    readonly current?: unknown,
  ) {
    super(message)
  }

  get status() {
    return statusByCode[this.code]
  }
}

type ValidationIssue = { instancePath: string; message?: string; params?: Record<string, unknown> }

function describeValidation(issues: ValidationIssue[], context: string | undefined) {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const keys = issue.params?.keys
    // An unknown key is reported on its parent; name the key itself.
    const names = Array.isArray(keys)
      ? keys.map(String)
      : [issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'body']
    for (const name of names) {
      fields[name] ??= Array.isArray(keys) ? 'Unknown field.' : (issue.message ?? 'Invalid value.')
    }
  }
  const message = Object.entries(fields)
    .map(([name, text]) => `${name}: ${text}`)
    .join(' ')
  return { fields, message }
}

/** Fastify's own 4xx errors, in the contract's words (the body limit is set from the contract's figure). */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.malformedJson,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.bodyTooLarge,
}

/** Seconds a client is asked to wait when the database does not answer: about a restart's length. */
const DATABASE_RETRY_SECONDS = 5

function toErrorBody(error: FastifyError | AppError | Error, context?: string): [number, ErrorBody] {
  if (unreachable(error)) return [503, { error: 'UNAVAILABLE', message: messages.databaseUnavailable }]
  if (error instanceof AppError) {
    const { status, code, message, fields, current } = error
    return [status, { error: code, message, fields, ...(current === undefined ? {} : { current }) }]
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const { fields, message } = describeValidation(error.validation, error.validationContext ?? context)
    return [400, { error: 'BAD_REQUEST', message, fields }]
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500
  if (status >= 500) return [500, { error: 'INTERNAL', message: messages.internal }]
  const code = codeByStatus.get(status) ?? 'BAD_REQUEST'
  const message = ('code' in error && fastifyMessages[String(error.code)]) || error.message
  return [status, { error: code, message }]
}

export function registerErrorHandlers(
  app: FastifyInstance,
  { sendClientPage }: { sendClientPage: ClientPageSender | undefined },
) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const [status, body] = toErrorBody(error)
    if (body.message === messages.databaseUnavailable) {
      request.log.warn({ err: error }, 'the database did not answer')
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS))
    } else if (status >= 500) request.log.error({ err: error }, 'request failed')
    if (error instanceof AppError && error.headers) reply.headers(error.headers)
    return reply.status(status).send(body)
  })
  app.setNotFoundHandler((request, reply) => {
    const clientRoute = request.method === 'GET' && !request.url.startsWith('/api/')
    if (sendClientPage && clientRoute) return sendClientPage(request, reply)
    const body: ErrorBody = {
      error: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    }
    return reply.status(404).send(body)
  })
}
