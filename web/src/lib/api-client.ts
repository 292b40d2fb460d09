import { ErrorBodySchema, messages } from '@patentdesk/contract/errors'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

type Session = {
  getToken: () => string | null
  /** Called when an authenticated call answers 401: the stored session is no longer valid. */
  onSessionExpired: () => void
}

let session: Session = { getToken: () => null, onSessionExpired: () => {} }

/** The session lives in features/auth; main.tsx plugs it in so this module stays feature-agnostic. */
export function configureApiClient(value: Session) {
  session = value
}

/** Public endpoints answer a 404 with this empty search result (spec §7). */
const emptyPublicResult = { totalResults: 0, sources: [], patents: [] }

// A 401 on these is an answer about the credentials sent, not about the stored session.
const sessionlessPaths = new Set(['/api/auth/login', '/api/auth/register', '/api/auth/logout'])

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

type RequestOptions = {
  method?: Method
  /** A plain value is sent as JSON, FormData as multipart; without a body no Content-Type is sent. */
  body?: unknown
  signal?: AbortSignal
}

export async function apiRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}) {
  const token = session.getToken()
  const isPublic = path.includes('/api/public/')
  const headers = new Headers({ Accept: 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const isMultipart = body instanceof FormData
  if (body !== undefined && !isMultipart) headers.set('Content-Type', 'application/json')

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
    credentials: 'include',
    cache: 'no-store',
    signal,
  })

  if (response.ok) return (await readJson(response, isPublic)) as T
  if (isPublic && response.status === 404) return emptyPublicResult as T

  const isQuery = method === 'GET'
  if (response.status === 401 && !isPublic && !sessionlessPaths.has(path)) {
    if (token) session.onSessionExpired()
    throw new ApiError(401, isQuery ? messages.authRequiredQuery : messages.authRequiredMutation)
  }
  const error = ErrorBodySchema.safeParse(await readJson(response, true).catch(() => null))
  if (error.success) throw new ApiError(response.status, error.data.message, error.data.fields)
  const text = response.statusText || 'Request failed'
  throw new ApiError(
    response.status,
    isQuery ? `API Error (${response.status}): ${text}` : `${response.status}: ${text}`,
  )
}

async function readJson(response: Response, isPublic: boolean) {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    if (isPublic) return null
    throw new ApiError(response.status, 'The server sent a response that could not be read.')
  }
}
