import { parseArgs } from 'node:util'
import type { AuditAction } from '@patentdesk/contract/activity'
import { RegisterBodySchema } from '@patentdesk/contract/auth'
import { plural } from '@patentdesk/contract/common'
import type { FastifyBaseLogger } from 'fastify'
import { z } from 'zod'
import { createServices } from '~/app'
import { loadConfig } from '~/config'
import type { Database } from '~/db/database'
import { openDatabase } from '~/db/open'
import { AppError } from '~/errors'
import { backUp, restore } from '~/features/backup/backup-cli'
import { moveFiles } from '~/features/documents/move-files'
import { formatNames } from '~/features/patents/import-file'
import { ImportFileError } from '~/features/patents/import-file-error'
import { importPatents } from '~/features/patents/importer'
import { createLogger } from '~/logger'
import { checkNodeVersion } from '~/node-version'
import { createLocalStorage } from '~/providers/storage/local-storage'
import { filesFolder } from '~/providers/storage/storage'
import { createPassword } from '~/shared/tokens'

const usage = `Usage: npm run cli -- <command> [options]

Commands:
  create-user --username <u> --email <e> --full-name <n> [--organization <o>] [--password <p>] [--admin]
      Creates a user; without --password one is generated and printed.
  promote <username>
      Makes an existing user an administrator.
  set-password <username> [--password <p>]
      Sets a new password; without --password one is generated and printed.
  reset-2fa <username>
      Turns two-factor sign-in off for a user who lost the authenticator and the recovery codes, once you
      have made sure another way that the request is the owner's: clears the secret and the recovery
      codes, signs out every session, and tells the owner by mail.
  import <file>...
      Loads patents from each file as its office publishes it, the format recognised from its content:
      JSON Lines (the shape of server/corpus/patents.jsonl.gz); USPTO grant/application full-text XML
      (ICE v4), alone or in its weekly ZIP (ipgYYMMDD.zip, ipaYYMMDD.zip); EPO publication-server XML
      (ep-patent-document); EPO DOCDB bibliographic XML (exch:exchange-documents), which completes the
      records it names and links families. Any of them may be gzipped. Bad records are reported by line
      (and document number) and skipped, existing references updated. A run that stopped resumes after
      its last written batch when started again on the same (unchanged) file.
  backup <file>
      Writes the embedded database and the stored documents to one file, checked as it is read back. While
      the server runs, it asks the server (run it with the server's settings: DATA_DIR, HOST, PORT).
  restore <file>
      Fills an empty or new data folder (DATA_DIR) from a backup, after checking every byte of it.
  move-files
      Moves uploaded documents from DATA_DIR/files into the database (STORAGE=database, the default with
      DATABASE_URL), where every server sharing it reaches them. Each file is checked against the hash
      taken at upload and deleted once stored; run it again after an interruption.

Uses the same settings as the server (DATA_DIR or DATABASE_URL). With the embedded database, stop the
server first (but for backup): it serves one process at a time.`

const options = {
  username: { type: 'string' },
  email: { type: 'string' },
  'full-name': { type: 'string' },
  organization: { type: 'string' },
  password: { type: 'string' },
  admin: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new AppError(
    'BAD_REQUEST',
    parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'),
  )
}

/** Imports one file and says what it took and what it refused. */
async function importFile(database: Database, file: string, log: FastifyBaseLogger) {
  const summary = await importPatents(database, file, {
    log,
    onError: (e) =>
      console.error(`${file}: line ${e.line}${e.reference ? ` (${e.reference})` : ''}: ${e.message}`),
  })
  if (summary.resumedAfter > 0)
    console.log(
      `${file}: resumed after line ${summary.resumedAfter}, where the last run of this file stopped.`,
    )
  console.log(
    `${file} (${formatNames[summary.format]}): read ${plural(summary.read, 'record')}, ${summary.written} written, ${summary.failed} refused, in ${summary.seconds.toFixed(1)} s.`,
  )
}

async function run(argv: string[]) {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true })
  const [command, target] = positionals
  if (values.help || !command) return console.log(usage)

  checkNodeVersion()
  const config = loadConfig()
  const log = createLogger('warn')
  if (command === 'backup') {
    const file = check(z.string().min(1, 'give the file to write'), target)
    const done = await backUp(config, file, log)
    console.log(
      `Wrote ${file}: ${(done.bytes / 2 ** 20).toFixed(1)} MB, ${plural(done.documents, 'document')}, in ${done.seconds.toFixed(1)} s${done.fromServer ? ', from the running server' : ''}. It restores with: npm run cli -- restore ${file}`,
    )
    return
  }
  if (command === 'restore') {
    const file = check(z.string().min(1, 'give the backup file'), target)
    const done = await restore(config, file)
    console.log(
      `Restored the backup of ${done.takenAt} into ${config.dataDir}: ${plural(done.users, 'user')}, ${plural(done.applications, 'application')}, ${plural(done.documents, 'document')}, ${plural(done.patents, 'patent')}. The next start builds the patent index.`,
    )
    return
  }
  const database = await openDatabase(config)
  const services = createServices({ config, database, log })
  const { auth } = services
  /** What an administrator did at the command line, for the audit log (no account: the actor is the machine). */
  const audit = (kind: AuditAction, subject: string, detail: string) =>
    services.activity.record({ applicationId: null, actorId: null, asAdmin: true, kind, subject, detail })
  try {
    if (command === 'create-user') {
      const password = values.password ?? createPassword()
      const input = check(RegisterBodySchema, {
        username: values.username,
        email: values.email,
        fullName: values['full-name'],
        organization: values.organization,
        password,
      })
      const user = await auth.createUser({ ...input, isAdmin: values.admin })
      const created = `Created ${user.isAdmin ? 'administrator' : 'user'} '${user.username}' (id ${user.id}).`
      await audit('user_created', user.username, `${created} From the command line.`)
      console.log(created)
      if (!values.password) console.log(`Password: ${password}`)
      return
    }
    if (command === 'promote') {
      const user = await auth.promote(check(z.string().min(1, 'give a username'), target))
      await audit(
        'user_promoted',
        user.username,
        `Made '${user.username}' an administrator. From the command line.`,
      )
      console.log(`'${user.username}' is now an administrator.`)
      return
    }
    if (command === 'set-password') {
      const username = check(z.string().min(1, 'give a username'), target)
      const password = check(RegisterBodySchema.shape.password, values.password ?? createPassword())
      await auth.setPassword(username, password)
      await audit('password_set', username, `Set a new password for '${username}'. From the command line.`)
      console.log(`Set a new password for '${username}'.${values.password ? '' : ` Password: ${password}`}`)
      return
    }
    if (command === 'reset-2fa') {
      const done = await auth.resetTwoFactor(check(z.string().min(1, 'give a username'), target))
      await audit(
        'two_factor_reset',
        done.username,
        `Turned off two-factor sign-in for '${done.username}'. From the command line.`,
      )
      console.log(
        `Turned off two-factor sign-in for '${done.username}': cleared its secret and ` +
          `${plural(done.recoveryCodes, 'unused recovery code')}, signed out ${plural(done.revokedSessions, 'session')}.`,
      )
      if (done.mailError)
        console.log(`Could not mail ${done.mailedTo}: ${done.mailError}. Tell the owner yourself.`)
      else console.log(`Told the owner by mail at ${done.mailedTo}.`)
      return
    }
    if (command === 'import') {
      const files = check(z.array(z.string().min(1)).min(1, 'give the files to import'), positionals.slice(1))
      let refused = 0
      for (const file of files) {
        // A file the importer cannot read is named and left; the others are still imported.
        await importFile(database, file, log).catch((error: unknown) => {
          if (!(error instanceof ImportFileError)) throw error
          refused += 1
          console.error(error.message)
        })
      }
      if (refused > 0)
        throw new AppError('BAD_REQUEST', `${plural(refused, 'file')} of ${files.length} not imported.`)
      return
    }
    if (command === 'move-files') {
      if (config.storage !== 'database') {
        throw new AppError('BAD_REQUEST', 'move-files moves documents into the database: set DATABASE_URL.')
      }
      const from = filesFolder(config.dataDir)
      const report = await moveFiles({
        db: database.db,
        from: createLocalStorage(from),
        to: services.storage,
      })
      console.log(
        `Moved ${report.moved} files (${report.bytes} bytes) from ${from} into the database; ${report.present} were there already.`,
      )
      for (const key of report.missing) console.log(`Missing from both stores: ${key}`)
      for (const key of report.damaged) console.log(`Left on disk, content differs from the upload: ${key}`)
      return
    }
    throw new AppError('BAD_REQUEST', `Unknown command '${command}'.\n\n${usage}`)
  } finally {
    await database.close()
  }
}

run(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
