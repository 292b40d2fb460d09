import { vi } from 'vitest'

/** A request the client sent, as the stub saw it: JSON bodies parsed, FormData as sent. */
export type StubRequest = {
  method: string
  /** The path with its query string, as the client wrote it. */
  path: string
  body: unknown
  headers: Headers
}

/**
 * What a route answers: a body (sent as JSON with 200), `[status, body]`, a Response, or a function of
 * the request giving one of these (it may wait, to hold a request open, or throw, as a lost connection
 * does: `throw new TypeError('Failed to fetch')`).
 */
export type Route = unknown

const isTuple = (value: unknown): value is [number, unknown] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && value[0] >= 100

function toResponse(answer: unknown): Response {
  if (answer instanceof Response) return answer
  if (isTuple(answer)) {
    const [status, body] = answer
    return body === undefined ? new Response(null, { status }) : Response.json(body, { status })
  }
  return Response.json(answer ?? null)
}

/** `GET /api/x/*` matches a GET of any path that `*` can fill; a key without a method matches any method. */
function matches(key: string, method: string, path: string) {
  const [first, second] = key.split(' ')
  const [keyMethod, keyPath] = second === undefined ? ['*', first ?? ''] : [first ?? '', second]
  if (keyMethod !== '*' && keyMethod !== method) return false
  const pattern = keyPath.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${pattern.join('.*')}$`).test(path)
}

function readBody(body: BodyInit | null | undefined) {
  if (typeof body !== 'string') return body ?? undefined
  try {
    return JSON.parse(body) as unknown
  } catch {
    return body
  }
}

/**
 * Stands in for the server at the HTTP edge, the one way client tests stub it: `fetch` answers each
 * request from the first route whose key matches (`'GET /api/patents'`, `'POST /api/patents'`,
 * `'/api/patents/*'`), and the real API client does the rest. Returns the requests sent, in order. A
 * request no route answers fails the call and the test's log says which it was.
 */
export function stubApi(routes: Record<string, Route> = {}) {
  const calls: StubRequest[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = String(input)
    const request: StubRequest = {
      method,
      path,
      body: readBody(init?.body),
      headers: new Headers(init?.headers),
    }
    calls.push(request)
    const key = Object.keys(routes).find((candidate) => matches(candidate, method, path))
    if (key === undefined) {
      const message = `stubApi: no answer for ${method} ${path}`
      console.error(message)
      throw new Error(message)
    }
    const route = routes[key]
    return toResponse(typeof route === 'function' ? await route(request) : route)
  })
  return calls
}

/** The requests of `calls` that match a route key, e.g. `'POST /api/patents/*'`. */
export const requestsTo = (calls: StubRequest[], key: string) =>
  calls.filter(({ method, path }) => matches(key, method, path))
