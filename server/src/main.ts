import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { openDatabase } from './db/open'
import { ensureFirstAdmin } from './features/auth/bootstrap'
import { createLogger } from './logger'
import { checkNodeVersion } from './node-version'
import { prepareDataApart } from './prepare-data'
import { startPeriodicJob } from './shared/periodic-job'
import { closeOnSignals } from './shutdown'

async function main() {
  checkNodeVersion()
  const config = loadConfig()
  const log = createLogger(config.logLevel)
  await prepareDataApart()
  const database = await openDatabase(config)
  const { app, services } = await buildApp({ config, database, log })
  await ensureFirstAdmin(services.auth, config.admin, app.log)
  // Ready means ready: each query thread opens the index file before the first query, and the engine's
  // analysis thread has run once, so that no user waits for either.
  await services.priorArt.warm()
  await services.analysis
    .warm()
    .catch((error: unknown) => app.log.warn({ err: error }, 'the warm-up analysis failed'))
  const jobs = [
    startPeriodicJob({
      name: 'deadline reminders sent',
      run: () => services.filing.sendReminders(),
      intervalMinutes: config.reminderIntervalMinutes,
      log: app.log,
    }),
    startPeriodicJob({
      name: 'patents given search vectors',
      run: (signal) => services.patentVectors.catchUp(signal),
      intervalMinutes: 1,
      log: app.log,
    }),
    // At the start too (with PGlite the CLI imports while the server is stopped), then every 5 seconds: an
    // empty journal costs one read of its index, and an import's alerts need not wait for the next minute.
    // The instant mails follow a run that matched something, and are retried every minute.
    startPeriodicJob({
      name: 'imported patents matched against saved searches and watches',
      run: async (signal) => {
        const matched = await services.alerts.matchImports(signal)
        return matched === 0 ? 0 : matched + (await services.alertMails.sendInstant())
      },
      intervalMinutes: 5 / 60,
      log: app.log,
    }),
    startPeriodicJob({
      name: 'instant alert mails sent',
      run: () => services.alertMails.sendInstant(),
      intervalMinutes: 1,
      runAtStart: false,
      log: app.log,
    }),
    startPeriodicJob({
      name: 'saved search digests sent',
      run: () => services.alertMails.sendDigests(),
      intervalMinutes: 60,
      log: app.log,
    }),
    startPeriodicJob({
      name: 'day-old pending uploads removed',
      run: () => services.pendingUploads.sweep(),
      intervalMinutes: 60,
      log: app.log,
    }),
    // Looked at hourly, from an hour after the start: a start is not slowed by a backup, and a server
    // restarted often still makes one once the newest is BACKUP_HOURS old.
    startPeriodicJob({
      name: 'automatic backups written',
      run: () => services.backup.automatic(config.backups),
      intervalMinutes: services.backup.available && config.backups.hours * config.backups.keep > 0 ? 60 : 0,
      runAtStart: false,
      log: app.log,
    }),
  ]

  closeOnSignals({
    app,
    graceSeconds: config.shutdownGraceSeconds,
    close: async () => {
      await Promise.all(jobs.map((job) => job.stop()))
      await database.close()
    },
  })

  await app.listen({ port: config.port, host: config.host })
  app.log.info(`PatentDesk is ready on http://${config.host}:${config.port} (database: ${database.driver})`)
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
