import { messages } from '@patentdesk/contract/errors'
import type { FastifyInstance } from 'fastify'
import { AppError } from '~/errors'

/**
 * The path (`claims.0`, `q`) of the first string in `value` holding U+0000, or undefined. Walks with its own
 * stack, so a hostile body nested thousands of levels deep cannot overflow the call stack.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  const stack: [unknown, string][] = [[value, path]]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, at] = item
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) stack.push([child, at ? `${at}.${key}` : key])
    }
  }
  return undefined
}

/** A 400 in the shape of a schema failure, naming the field. */
export function nulError(field: string) {
  return new AppError('BAD_REQUEST', `${field}: ${messages.nulCharacter}`, { [field]: messages.nulCharacter })
}

/**
 * PostgreSQL refuses U+0000 in text, so one NUL in a title or a search query would fail deep in a query as
 * a 500. Refused here, once, for the params, query and JSON body of every route, before schema validation
 * (multipart forms are checked as they are read, in multipart-form.ts). Registered after the auth hook, so
 * an anonymous caller still gets the 401 first.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body)
    if (field !== undefined) throw nulError(field || 'body')
  })
}
