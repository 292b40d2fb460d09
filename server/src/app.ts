import path from 'node:path'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import { messages } from '@patentdesk/contract/errors'
import { fileRules } from '@patentdesk/contract/file-kinds'
import { limits } from '@patentdesk/contract/limits'
import Fastify, { type FastifyBaseLogger } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { App } from './app-type'
import type { Config } from './config'
import type { Database } from './db/database'
import { createDocumentReader } from './document-reader/document-reader'
import { createEngineThreads } from './engine/engine-threads'
import { createPriorArtIndex } from './engine/patent-index'
import { indexDir } from './engine/prior-art/build-index'
import { AppError, registerErrorHandlers } from './errors'
import { activityRoutes } from './features/activity/activity.routes'
import { createActivityService } from './features/activity/activity.service'
import { adminRoutes } from './features/admin/admin.routes'
import { analysisRoutes } from './features/analysis/analysis.routes'
import { createAnalysisService } from './features/analysis/analysis.service'
import { applicationsRoutes } from './features/applications/applications.routes'
import { createApplicationsService } from './features/applications/applications.service'
import { versionsRoutes } from './features/applications/versions.routes'
import { createVersionsService } from './features/applications/versions.service'
import { authRoutes } from './features/auth/auth.routes'
import { createAuthService } from './features/auth/auth.service'
import { type AuthLimits, createAuthRateLimits } from './features/auth/rate-limits'
import { backupRoutes } from './features/backup/backup.routes'
import { createBackupService } from './features/backup/backup.service'
import { collaboratorsRoutes } from './features/collaborators/collaborators.routes'
import { createCollaboratorsService } from './features/collaborators/collaborators.service'
import { commentsRoutes } from './features/comments/comments.routes'
import { createCommentsService } from './features/comments/comments.service'
import { corpusCoverageRoutes } from './features/corpus/corpus-coverage.routes'
import { createCorpusCoverageService } from './features/corpus/corpus-coverage.service'
import { documentsRoutes } from './features/documents/documents.routes'
import { createDocumentsService } from './features/documents/documents.service'
import { createPendingUploadsService } from './features/documents/pending-uploads.service'
import { draftingRoutes } from './features/drafting/drafting.routes'
import { feedbackRoutes } from './features/feedback/feedback.routes'
import { createFeedbackService } from './features/feedback/feedback.service'
import { filingRoutes } from './features/filing/filing.routes'
import { createFilingService } from './features/filing/filing.service'
import { healthRoutes } from './features/health/health.routes'
import { createMetrics } from './features/metrics/metrics'
import { metricsRoutes } from './features/metrics/metrics.routes'
import { notificationsRoutes } from './features/notifications/notifications.routes'
import { createNotificationsService } from './features/notifications/notifications.service'
import { createPatentVectors } from './features/patents/patent-vectors'
import { patentsRoutes } from './features/patents/patents.routes'
import { createPatentsService } from './features/patents/patents.service'
import { createAlertMails } from './features/saved-searches/alert-mails'
import { createAlerts } from './features/saved-searches/alerts'
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes'
import { createSavedSearchesService } from './features/saved-searches/saved-searches.service'
import { settingsRoutes } from './features/settings/settings.routes'
import { createSettingsService } from './features/settings/settings.service'
import { registerAuth } from './plugins/auth'
import { registerCompression } from './plugins/compress'
import { registerNoStore } from './plugins/no-store'
import { registerOpenApi } from './plugins/openapi'
import { registerNulGuard } from './plugins/refuse-nul'
import { recordRoutes } from './plugins/route-table'
import { registerWebClient } from './plugins/web-client'
import { createLlm } from './providers/llm'
import { createMailer } from './providers/mailer'
import { createPatentSources } from './providers/patent-sources/sources'
import { createStorage } from './providers/storage/storage'

export type AppOptions = {
  config: Config
  database: Database
  log: FastifyBaseLogger
  authLimits?: Partial<AuthLimits>
  /** The analysis engine threads' module (tests give one with a deliberately slow entry). */
  engineWorker?: URL
}

/** Every service, wired once; the server, the CLI and tests all compose through this. */
export function createServices({ config, database, log, authLimits, engineWorker }: AppOptions) {
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
    limits: createAuthRateLimits({ pool: database.pool, limits: authLimits }),
    sessionTtlDays: config.sessionTtlDays,
    notifications,
    mailer,
    publicUrl: config.publicUrl,
    log,
  })
  const activity = createActivityService({ db })
  const applications = createApplicationsService({ db, auth, notifications, activity })
  const reader = createDocumentReader(config.documentReading, log)
  const storage = createStorage(config, db)
  const pendingUploads = createPendingUploadsService({
    db,
    storage,
    reader,
    log,
    userStorageMb: config.userStorageMb,
  })
  const documents = createDocumentsService({
    db,
    storage,
    applications,
    reader,
    pending: pendingUploads,
    activity,
  })
  const priorArt = createPriorArtIndex({ db, dir: indexDir(config.dataDir), log })
  const sources = createPatentSources(config)
  const patents = createPatentsService({ db, index: priorArt, sources, publicUrl: config.publicUrl })
  const engine = createEngineThreads({
    dir: path.join(config.dataDir, 'threads'),
    timeoutSeconds: config.analysis.timeoutSeconds,
    log,
    worker: engineWorker,
  })
  return {
    auth,
    notifications,
    applications,
    activity,
    collaborators: createCollaboratorsService({
      db,
      applications,
      auth,
      notifications,
      activity,
      mailer,
      publicUrl: config.publicUrl,
      log,
    }),
    comments: createCommentsService({ db, applications, auth, notifications, activity }),
    versions: createVersionsService({ db, applications }),
    documents,
    pendingUploads,
    feedback: createFeedbackService({ db, auth, applications, notifications, activity }),
    analysis: createAnalysisService({
      db,
      applications,
      activity,
      documents,
      patents,
      sources,
      priorArt,
      reader,
      engine,
      perMinute: config.analysis.perMinute,
      pool: database.pool,
      llm: config.llm && createLlm(config.llm),
    }),
    settings: createSettingsService({ config, database }),
    patents,
    corpusCoverage: createCorpusCoverageService({ db }),
    savedSearches: createSavedSearchesService({ db, index: priorArt }),
    alerts: createAlerts({ db, index: priorArt, notifications }),
    alertMails: createAlertMails({ db, mailer, publicUrl: config.publicUrl }),
    // PGlite's one connection serves every request: small batches (about 10 ms each), four times as long
    // left to requests. PostgreSQL's pool does not wait for them.
    patentVectors: createPatentVectors({
      db,
      log,
      ...(database.driver === 'pglite' ? { batch: 10, rest: 4 } : { batch: 1000 }),
      yieldTo: priorArt.busy,
    }),
    priorArt,
    filing: createFilingService({ db, applications, notifications, activity }),
    reader,
    engine,
    storage,
    backup: createBackupService({ database, storage, dataDir: config.dataDir, log }),
  }
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
    // Rate limits key on the client address; X-Forwarded-For is believed only as far as the configured
    // proxies go, so a client cannot pick its address by sending the header itself.
    trustProxy: (_address: string, hop: number) => hop < options.config.trustProxy,
    // The figure the 413 message states (contract limits).
    bodyLimit: limits.jsonBodyBytes,
  }).withTypeProvider<ZodTypeProvider>()
  recordRoutes(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerJsonParser(app)
  // Limits enforced while streaming: one file of at most an upload's size per request (a route may say less or more).
  await app.register(multipart, {
    limits: { fileSize: fileRules.upload.maxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
  })

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null },
    },
  })
  await registerCompression(app)
  await registerOpenApi(app)
  const services = createServices(options)
  const sendClientPage = await registerWebClient(app, options.config.webDist)
  registerErrorHandlers(app, { sendClientPage })
  registerAuth(app, services.auth)
  registerNulGuard(app)
  registerNoStore(app)

  healthRoutes(app, { database: options.database })
  metricsRoutes(app, {
    token: options.config.metricsToken,
    metrics: createMetrics({
      pool: options.database.pool,
      reader: services.reader,
      indexInUse: services.priorArt.inUse,
    }),
  })
  backupRoutes(app, { backup: services.backup, dataDir: options.config.dataDir })
  authRoutes(app, services)
  notificationsRoutes(app, services)
  savedSearchesRoutes(app, services)
  adminRoutes(app, services)
  applicationsRoutes(app, services)
  versionsRoutes(app, services)
  collaboratorsRoutes(app, services)
  commentsRoutes(app, services)
  activityRoutes(app, services)
  documentsRoutes(app, services)
  feedbackRoutes(app, services)
  analysisRoutes(app, services)
  settingsRoutes(app, services)
  patentsRoutes(app, services)
  corpusCoverageRoutes(app, services)
  filingRoutes(app, services)
  draftingRoutes(app, services)

  // The document reader's, the prior-art index's and the engine's threads must end with the app.
  app.addHook('onClose', services.reader.close)
  app.addHook('onClose', services.priorArt.close)
  app.addHook('onClose', services.engine.close)
  // Reset mails go out after their answer; the database must stay open until they have.
  app.addHook('onClose', services.auth.settle)

  return { app, services }
}
