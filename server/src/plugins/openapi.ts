import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import packageJson from '../../package.json' with { type: 'json' }
import { bearerScheme, describeOperation } from './openapi-operation'
import { featureTags } from './openapi-tags'

/**
 * The API describes itself: OpenAPI 3.1 built from the routes' zod schemas at /api/openapi.json, and Swagger
 * UI at /api/docs with its files from node_modules (same origin, so the app's CSP holds unchanged). Both are
 * public. Register before any route: the document lists only the routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'PatentDesk API', version: packageJson.version },
      tags: featureTags.map((name) => ({ name })),
      components: {
        securitySchemes: {
          [bearerScheme]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `token` answered by POST /api/auth/login or /api/auth/register.',
          },
        },
      },
    },
    transform: describeOperation,
    transformObject: jsonSchemaTransformObject,
  })

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () => app.swagger())

  await app.register(async (docs) => {
    // Swagger UI's routes take no route options; they are as public as the document they show.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true }
    })
    await docs.register(swaggerUi, { routePrefix: '/api/docs', theme: { title: 'PatentDesk API' } })
  })
}
