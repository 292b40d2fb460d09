import { type Health, HealthSchema } from '@patentdesk/contract/health'
import type { App } from '~/app-type'
import type { Database } from '~/db/database'

/** For load balancers: 200 while the database answers, 503 when it does not. */
export function healthRoutes(app: App, { database }: { database: Database }) {
  app.get(
    '/api/health',
    { config: { public: true }, schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      const ok = await database.ping()
      const body: Health = { status: ok ? 'ok' : 'degraded', database: { driver: database.driver, ok } }
      return reply.status(ok ? 200 : 503).send(body)
    },
  )
}
