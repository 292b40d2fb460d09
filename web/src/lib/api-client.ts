import { ErrorBodySchema, type ErrorCode, messages } from '@patentdesk/contract/errors'
import { saveBlob } from './save-blob'

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** The error code of the answer's body, when it had one (contract/src/errors.ts). */
    readonly code?: ErrorCode,
    /** A stale save's record as it now stands (the body's `current`). */
    readonly current?: unknown,
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

/** The session (lib/session.ts) is plugged in by main.tsx, which also says what its expiry does. */
export function configureApiClient(value: Session) {
  session = value
}

// A 401 on these is an answer about the credentials sent, not about the stored session.
const sessionlessPaths = new Set(['/api/auth/login', '/api/auth/register', '/api/auth/logout'])

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

type RequestOptions = {
  method?: Method
  /** A plain value is sent as JSON, FormData as multipart; without a body no Content-Type is sent. */
  body?: unknown
  signal?: AbortSignal
}

function authHeaders(token: string | null) {
  const headers = new Headers({ Accept: 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  return headers
}

export async function apiRequest<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}) {
  const token = session.getToken()
  const isPublic = path.includes('/api/public/')
  const headers = authHeaders(token)
  const isMultipart = body instanceof FormData
  if (body !== undefined && !isMultipart) headers.set('Content-Type', 'application/json')

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
    credentials: 'include',
    cache: 'no-store',
    signal,
  }).catch((error: unknown) => {
    // fetch rejects with a TypeError when no answer came, in each browser's words ("Failed to fetch",
    // "Load failed"); say what happened instead. An abort is the caller's and passes through.
    throw error instanceof TypeError ? new ApiError(0, unreachableMessage) : error
  })

  if (response.ok) return (await readJson(response)) as T
  throw await toApiError(response, { path, method, token, isPublic })
}

type FailedRequest = { path: string; method: Method; token: string | null; isPublic: boolean }

export const unreachableMessage = 'The server could not be reached. Check your connection and try again.'
/** The message of a successful answer whose body is not JSON. */
export const unreadableMessage = 'The server sent a response that could not be read.'

/** A body's `message`, when it is JSON of another shape than ours (a proxy's or a plugin's `{ message }`). */
function messageOf(body: unknown) {
  const message = (body as { message?: unknown } | null)?.message
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined
}

/** A short plain-text body (not an HTML page), which is the message of the one who answered. */
function plainTextOf(text: string) {
  const trimmed = text.replace(/\s+/g, ' ').trim()
  return trimmed !== '' && trimmed.length <= 300 && !trimmed.startsWith('<') ? trimmed : undefined
}

async function toApiError(response: Response, { path, method, token, isPublic }: FailedRequest) {
  const isQuery = method === 'GET'
  // The body is read once, as text: when it is not our error body, its message or text is still shown.
  const text = await response.text().catch(() => '')
  const json = (() => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return null
    }
  })()
  const error = ErrorBodySchema.safeParse(json)
  // A 401 that names a field answers a password the request sent (a wrong current password), not the session.
  const aboutField = error.success && error.data.fields !== undefined
  if (response.status === 401 && !isPublic && !sessionlessPaths.has(path) && !aboutField) {
    if (token) session.onSessionExpired()
    return new ApiError(401, isQuery ? messages.authRequiredQuery : messages.authRequiredMutation)
  }
  if (error.success) {
    const { message, fields, error: code, current } = error.data
    return new ApiError(response.status, message, fields, code, current)
  }
  const message = messageOf(json)
  if (message) return new ApiError(response.status, message)
  // Over HTTP/2 there is no status text: the body's text, else the status's name, else a plain word.
  const reason = (json === null ? plainTextOf(text) : undefined) || response.statusText || 'Request failed'
  return new ApiError(
    response.status,
    isQuery ? `API Error (${response.status}): ${reason}` : `${response.status}: ${reason}`,
  )
}

type UploadOptions = {
  /** Called with the fraction (0 to 1) of the request body sent so far. */
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

/** POSTs multipart form data like apiRequest, but through XMLHttpRequest: fetch reports no upload progress. */
export function uploadFile<T>(path: string, formData: FormData, { onProgress, signal }: UploadOptions = {}) {
  const token = session.getToken()
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.withCredentials = true
    for (const [name, value] of authHeaders(token)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        statusText: xhr.statusText,
      })
      const result = response.ok
        ? readJson(response).then((value) => value as T)
        : toApiError(response, { path, method: 'POST', token, isPublic: false }).then((error) =>
            Promise.reject(error),
          )
      result.then(resolve, reject)
    }
    xhr.onerror = () => reject(new TypeError('Failed to fetch'))
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(formData)
  })
}

/** Fetches a protected file with the session's token and hands it to the browser as a download. */
export async function downloadFile(path: string, fileName: string, body?: unknown) {
  const token = session.getToken()
  const headers = authHeaders(token)
  headers.set('Accept', '*/*')
  // With a body, the file is made of it (a search report laid out as PDF): a POST of JSON.
  const method = body === undefined ? 'GET' : 'POST'
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'include',
    cache: 'no-store',
  })
  if (!response.ok) throw await toApiError(response, { path, method, token, isPublic: false })
  saveBlob(await response.blob(), fileName)
}

async function readJson(response: Response) {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ApiError(response.status, unreadableMessage)
  }
}
