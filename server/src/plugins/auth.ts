import { messages } from '@patentdesk/contract/errors'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '~/errors'
import { type AuthService, type AuthUser, assertAdmin, type ClientInfo } from '~/features/auth/auth.service'

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
  }
  interface FastifyContextConfig {
    /** Marks an /api route outside /api/public/ that answers without a session (login, health). */
    public?: boolean
  }
}

const BEARER = /^Bearer\s+(\S+)$/i

/**
 * Resolves the bearer token of every request to its user, and denies by default: every /api route
 * needs a session unless it is under /api/public/ or marked public, and /api/admin/ needs an admin.
 * The check runs before body validation, so an anonymous caller learns nothing about the schema.
 */
export function registerAuth(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('user', null)
  app.addHook('onRequest', async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1]
    if (token) request.user = (await auth.authenticate(token)) ?? null
  })
  app.addHook('preValidation', async (request) => {
    const access = routeAccess(request.routeOptions.url ?? '', request.routeOptions.config)
    if (access === 'admin') requireAdmin(request)
    else if (access === 'user') requireUser(request)
  })
}

/** Who may call a route, by the rule above; the OpenAPI document states it the same way. */
export function routeAccess(url: string, config: { public?: boolean } | undefined) {
  if (!url.startsWith('/api/') || url.startsWith('/api/public/') || config?.public) return 'public'
  return url.startsWith('/api/admin/') ? 'admin' : 'user'
}

/** The 401 is worded differently for reads and for changes (docs/product.md, Messages and errors). */
function unauthenticated(request: FastifyRequest) {
  const read = request.method === 'GET' || request.method === 'HEAD'
  return new AppError('UNAUTHENTICATED', read ? messages.authRequiredQuery : messages.authRequiredMutation)
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated(request)
  return request.user
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  return assertAdmin(requireUser(request))
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] }
}
