import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '~/test/test-database'
import type { Database } from './database'
import { memoUntilWrite } from './read-memo'
import { users } from './schema'

let database: Database
let reads = 0
const names = memoUntilWrite(async (db, organization: string) => {
  reads++
  const rows = await db
    .select({ name: users.username })
    .from(users)
    .where(eq(users.organization, organization))
  return rows.map((row) => row.name)
})

const someone = (username: string) => ({
  username,
  email: `${username}@example.com`,
  fullName: username,
  organization: 'Acme',
  passwordHash: 'not a hash',
})

beforeAll(async () => {
  database = await createTestDatabase()
  await database.db.insert(users).values(someone('ada'))
})
afterAll(() => database.close())
// Every test starts with nothing kept: a write that changes no row still counts.
beforeEach(async () => {
  await database.db.execute(sql`update users set email = email where false`)
  reads = 0
})

const onPglite = process.env.TEST_DRIVER !== 'postgres'

describe.runIf(onPglite)('a read kept until the next write (PGlite)', () => {
  it('answers again from memory while nothing is written, plain reads included', async () => {
    const first = await names(database.db, 'Acme')
    await database.db.select().from(users)
    expect(await names(database.db, 'Acme')).toBe(first)
    expect(first).toEqual(['ada'])
    expect(reads).toBe(1)
  })

  it('reads again after an insert, an update in a transaction, a raw statement and a locking read', async () => {
    expect(await names(database.db, 'Acme')).toEqual(['ada'])
    await database.db.insert(users).values(someone('bob'))
    expect(await names(database.db, 'Acme')).toEqual(['ada', 'bob'])

    await database.db.transaction((tx) =>
      tx.update(users).set({ organization: 'Other' }).where(eq(users.username, 'bob')),
    )
    expect(await names(database.db, 'Acme')).toEqual(['ada'])

    await database.db.execute(sql`update users set organization = 'Acme' where username = 'bob'`)
    expect(await names(database.db, 'Acme')).toEqual(['ada', 'bob'])

    await database.db.select().from(users).for('update')
    await names(database.db, 'Acme')
    expect(reads).toBe(5)
  })

  it('does not keep an answer read while a write came in', async () => {
    const reading = names(database.db, 'Acme')
    const writing = database.db.insert(users).values(someone('cy'))
    await Promise.all([reading, writing])
    expect(await names(database.db, 'Acme')).toContain('cy')
    expect(reads).toBe(2)
  })

  it('keeps one answer per key', async () => {
    expect(await names(database.db, 'Nobody')).toEqual([])
    expect(await names(database.db, 'Acme')).toContain('ada')
    expect(await names(database.db, 'Nobody')).toEqual([])
    expect(await names(database.db, 'Acme')).toContain('ada')
    expect(reads).toBe(2)
  })
})

describe.runIf(!onPglite)('on PostgreSQL, where other servers write too', () => {
  it('reads every time', async () => {
    await names(database.db, 'Acme')
    await names(database.db, 'Acme')
    expect(reads).toBe(2)
  })
})
