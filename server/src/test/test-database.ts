import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { loadConfig } from '~/config'
import { createDatabase, type Database } from '~/db/client'
import { migrateDatabase } from '~/db/migrate'

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DRIVER=postgres) a new
 * database on the server of TEST_DATABASE_URL, dropped again on close, so runs never share state.
 */
export async function createTestDatabase({ migrate = true } = {}): Promise<Database & { url?: string }> {
  if (process.env.TEST_DRIVER !== 'postgres') {
    // A copy of the database migrated once by template-database.ts starts in a fraction of the time.
    const template = migrate ? inject('templateDatabase') : undefined
    if (template)
      return createDatabase({ driver: 'pglite', loadDataDir: new Blob([await readFile(template)]) })
    const database = await createDatabase({ driver: 'pglite' })
    if (migrate) await migrateDatabase(database)
    return database
  }
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DRIVER=postgres needs TEST_DATABASE_URL')
  const name = `patentdesk_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await createDatabase({ driver: 'postgres', url: url.toString(), maxConnections: 4 })
  if (migrate) await migrateDatabase(database)
  return {
    ...database,
    // For tests that start a second server or a CLI on the same database.
    url: url.toString(),
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

/** Settings for a test: a data folder of its own (mail outbox, files), no built client, proxy headers trusted. */
export function testConfig(env: Record<string, string> = {}) {
  const dataDir = path.join(os.tmpdir(), `patentdesk-test-${randomBytes(6).toString('hex')}`)
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: 'true',
      // On PostgreSQL the documents go where a server in production keeps them: in the database.
      ...(process.env.TEST_DRIVER === 'postgres' ? { STORAGE: 'database' } : {}),
      ...env,
    }),
    webDist: undefined,
  }
}
