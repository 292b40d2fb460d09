import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createServices } from '~/app'
import { migrateDatabase } from '~/db/migrate'
import { users } from '~/db/schema'
import { createTestDatabase, testConfig } from '~/test/test-database'
import { ensureFirstAdmin } from './bootstrap'
import { verifyPassword } from './passwords'

function recordingLog() {
  const lines: string[] = []
  const record = (...args: unknown[]) =>
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '))
  return { lines, log: { info: record, warn: record } as unknown as FastifyBaseLogger }
}

async function setup() {
  const database = await createTestDatabase()
  const auth = createServices({ config: testConfig(), database, log: pino({ level: 'silent' }) }).auth
  return { database, auth }
}

describe('ensureFirstAdmin', () => {
  it('creates the administrator with the given password on an empty database, and only then', async () => {
    const { database, auth } = await setup()
    const { log } = recordingLog()
    const admin = { username: 'boss', password: 'boss-password', email: 'boss@example.com' }
    const created = await ensureFirstAdmin(auth, admin, log)
    expect(created).toMatchObject({ username: 'boss', isAdmin: true, email: 'boss@example.com' })
    expect(await ensureFirstAdmin(auth, { ...admin, username: 'second' }, log)).toBeUndefined()
    expect(await auth.countUsers()).toBe(1)
    await database.close()
  })

  it('generates a password, logs it once, and that password works', async () => {
    const { database, auth } = await setup()
    const { log, lines } = recordingLog()
    const created = await ensureFirstAdmin(
      auth,
      { username: 'admin', password: undefined, email: 'a@example.com' },
      log,
    )
    const password = /generated password (\S+)/.exec(lines.join('\n'))?.[1]
    expect(password).toBeDefined()
    expect(await verifyPassword(created?.passwordHash ?? '', password ?? '')).toBe(true)
    await database.close()
  })
})

describe('migrations', () => {
  it('are idempotent, and servers starting together against one PostgreSQL take turns', async () => {
    const database = await createTestDatabase({ migrate: false })
    if (database.driver === 'postgres')
      await Promise.all([migrateDatabase(database), migrateDatabase(database)])
    else await migrateDatabase(database)
    await migrateDatabase(database)
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual([{ n: 0 }])
    await database.close()
  })
})
