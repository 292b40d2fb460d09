import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { inject } from 'vitest'
import { loadConfig } from '~/config'
import { createDatabase } from '~/db/client'
import type { Database } from '~/db/database'
import { migrateDatabase } from '~/db/migrate'
import { rowsOf } from '~/db/rows'
import { adminQuery, databaseUrl } from './template-database'

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DRIVER=postgres) a new
 * database on the server of TEST_DATABASE_URL, dropped again on close, so runs never share state.
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<Database & { url?: string }> {
  if (process.env.TEST_DRIVER !== 'postgres') {
    // A copy of the database migrated once by template-database.ts starts in a fraction of the time.
    const template = migrate ? inject('templateDatabase') : undefined
    if (template) return keptPglite(template)
    const database = await createDatabase({ driver: 'pglite' })
    if (migrate) await migrateDatabase(database)
    return database
  }
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DRIVER=postgres needs TEST_DATABASE_URL')
  const name = `patentdesk_test_${randomBytes(6).toString('hex')}`
  // A copy of the database migrated once by template-database.ts: a few hundred ms instead of migrating.
  const template = migrate ? inject('postgresTemplate') : undefined
  await createDatabaseFrom(name, template)
  const url = databaseUrl(name)
  const database = await createDatabase({ driver: 'postgres', url, maxConnections: 4 })
  if (migrate && !template) await migrateDatabase(database)
  return {
    ...database,
    // For tests that start a second server or a CLI on the same database.
    url,
    close: async () => {
      await database.close()
      await adminQuery(`drop database if exists ${name} with (force)`)
    },
  }
}

/**
 * The migrated PGlite a Vitest worker keeps from one file to the next (`isolate: false` keeps this module):
 * a file gets it emptied, every table truncated and its ids restarted, where opening a copy of the template
 * takes 1.4 s of each file. Its `close` hands it back; one asked for while it is held (a second database in
 * a file) is a copy of its own.
 */
let kept: { database: Database; held: boolean } | undefined

async function keptPglite(template: string): Promise<Database> {
  const open = () =>
    readFile(template).then((dump) => createDatabase({ driver: 'pglite', loadDataDir: new Blob([dump]) }))
  if (kept?.held) return open()
  if (kept) await emptyTables(kept.database)
  else kept = { database: await open(), held: false }
  const own = kept
  own.held = true
  return {
    ...own.database,
    close: async () => {
      own.held = false
    },
  }
}

/** Empties every table, as the template left them: it holds no rows (test-database.test.ts). */
async function emptyTables({ db }: Database) {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`),
  )
  await db.execute(sql.raw(`truncate ${tables.map((t) => t.name).join(', ')} restart identity cascade`))
}

/**
 * `CREATE DATABASE name [TEMPLATE template]`. Files cloning the template at the same moment are fine;
 * should PostgreSQL still find the template in use (55006, a connection not yet gone), try again.
 */
async function createDatabaseFrom(name: string, template: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`)
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}

/**
 * Settings for a test: a data folder of its own (mail outbox, files), no built client, proxy headers
 * trusted, and no limit of public analyses per address (every request of a test file comes from one
 * address; the limit's own test sets ANALYSIS_PER_MINUTE).
 */
export function testConfig(env: Record<string, string> = {}) {
  const dataDir = path.join(os.tmpdir(), `patentdesk-test-${randomBytes(6).toString('hex')}`)
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      ANALYSIS_PER_MINUTE: '0',
      // On PostgreSQL the documents go where a server in production keeps them: in the database.
      ...(process.env.TEST_DRIVER === 'postgres' ? { STORAGE: 'database' } : {}),
      ...env,
    }),
    webDist: undefined,
  }
}
