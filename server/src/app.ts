import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import path from 'node:path'
import helmet from '@fastify/helmet'
import { messages } from '@patentdesk/contract/errors'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config'
import type { Database } from './db/client'
import { AppError, registerErrorHandlers } from './errors'
import { adminRoutes } from './features/admin/admin.routes'
import { authRoutes } from './features/auth/auth.routes'
import { createAuthService } from './features/auth/auth.service'
import { type AuthLimits, createAuthRateLimits } from './features/auth/rate-limits'
import { healthRoutes } from './features/health/health.routes'
import { notificationsRoutes } from './features/notifications/notifications.routes'
import { createNotificationsService } from './features/notifications/notifications.service'
import { registerAuth } from './plugins/auth'
import { registerWebClient } from './plugins/web-client'
import { createMailer } from './providers/mailer'

export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>

export type AppOptions = {
  config: Config
  database: Database
  log: FastifyBaseLogger
  authLimits?: Partial<AuthLimits>
}

/** Every service, wired once; the server, the CLI and tests all compose through this. */
export function createServices({ config, database, log, authLimits }: AppOptions) {
  const { db } = database
  const notifications = createNotificationsService({ db })
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  })
  const auth = createAuthService({
    db,
    limits: createAuthRateLimits(authLimits),
    sessionTtlDays: config.sessionTtlDays,
    notifications,
    mailer,
    publicUrl: config.publicUrl,
  })
  return { auth, notifications }
}

export type Services = ReturnType<typeof createServices>

/** Accepts an empty body as "no body": clients send `PUT .../read-all` with nothing in it. */
function registerJsonParser(app: App) {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text.trim() === '') return done(null, undefined)
    parseJson(request, text, (error, value) =>
      error ? done(new AppError('BAD_REQUEST', messages.malformedJson), undefined) : done(null, value),
    )
  })
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    loggerInstance: options.log,
    // Rate limits key on the client address; X-Forwarded-For is believed only when configured.
    trustProxy: options.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerJsonParser(app)

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null },
    },
  })
  const services = createServices(options)
  const servesClient = await registerWebClient(app, options.config.webDist)
  registerErrorHandlers(app, { servesClient })
  registerAuth(app, services.auth)

  healthRoutes(app, { database: options.database })
  authRoutes(app, services)
  notificationsRoutes(app, services)
  adminRoutes(app, services)

  return { app, services }
}
