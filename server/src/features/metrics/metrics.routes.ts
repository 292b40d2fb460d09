import { messages } from '@patentdesk/contract/errors'
import type { App } from '~/app-type'
import { AppError } from '~/errors'
import { bearerToken, sameToken } from '~/shared/bearer'
import { httpRequestDuration } from '~/shared/metrics'
import type { createMetrics } from './metrics'

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding `METRICS_TOKEN` as a bearer token.
 * Without the setting, or without the token, there is no such page (404): nothing tells a stranger it
 * exists. Every answer's time is recorded by route pattern, never by the path a client typed.
 */
export function metricsRoutes(
  app: App,
  { token, metrics }: { token: string | undefined; metrics: ReturnType<typeof createMetrics> },
) {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    )
  })
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!sameToken(bearerToken(request.headers.authorization), token))
      throw new AppError('NOT_FOUND', messages.notFound)
    return reply.type(metrics.contentType).send(await metrics.text())
  })
}
