import { messages } from '@patentdesk/contract/errors'
import type { FastifyInstance } from 'fastify'
import { AppError } from '~/errors'

/**
 * The path (`claims.0`, `q`) of the first string in `value` holding U+0000, or undefined. Walks with its own
 * stack, so a hostile body nested thousands of levels deep cannot overflow the call stack, and each entry
 * keeps only its key and its parent: the path is spelled for the string found alone, so a deep body costs
 * its size, where spelling every path cost its depth squared.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  const keys = [path]
  const parents = [-1]
  const stack: [unknown, number][] = [[value, 0]]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, at] = item
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return spell(keys, parents, at)
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        stack.push([child, keys.length])
        keys.push(key)
        parents.push(at)
      }
    }
  }
  return undefined
}

/** The dotted path of entry `at`, from the root's own path down. */
function spell(keys: string[], parents: number[], at: number) {
  const chain: string[] = []
  for (let entry = at; entry >= 0; entry = parents[entry] as number) chain.push(keys[entry] as string)
  return chain.reverse().reduce((path, key) => (path ? `${path}.${key}` : key))
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
