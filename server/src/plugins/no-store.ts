import type { FastifyInstance } from 'fastify'

/**
 * Every API answer may depend on who asks (a session, a role), so none may be kept by a shared cache or
 * the browser's back/forward cache. onSend runs for every answer, errors and unknown paths included.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) reply.header('cache-control', 'no-store')
  })
}
