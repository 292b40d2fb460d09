import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify'

export type RouteEntry = { method: string; url: string; schema: FastifySchema | undefined; config: unknown }

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, with its schemas: what the fuzz test walks, so no route is left out. */
    routeTable: readonly RouteEntry[]
  }
}

/** Must be registered before any route, since `onRoute` sees only the routes added after it. */
export function recordRoutes(app: FastifyInstance) {
  const routes: RouteEntry[] = []
  app.decorate('routeTable', routes)
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, schema: route.schema, config: route.config })
    }
  })
}
