import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '~/db/rows'
import { users } from '~/db/schema'
import { digestsOf } from './table-digests'
import { createTestDatabase } from './test-database'

/** The tables of the public schema that hold rows. */
const withRows = async (database: Awaited<ReturnType<typeof createTestDatabase>>) =>
  Object.entries(await digestsOf(database))
    .filter(([name, { rows }]) => name.startsWith('public.') && rows > 0)
    .map(([name]) => name)

const addUser = async ({ db }: Awaited<ReturnType<typeof createTestDatabase>>) =>
  (
    await db
      .insert(users)
      .values({ username: 'kept', email: 'kept@example.com', fullName: 'Kept', passwordHash: 'x' })
      .returning({ id: users.id })
  )[0]?.id

describe('a test file’s database', () => {
  it('starts as the template left it, with no rows, even when the one before it wrote', async () => {
    const first = await createTestDatabase()
    expect(await withRows(first)).toEqual([])
    expect(await addUser(first)).toBe(1)
    await first.close()
    // The next file's: the same tables empty again, and ids from 1.
    const next = await createTestDatabase()
    expect(await withRows(next)).toEqual([])
    expect(await addUser(next)).toBe(1)
    // A second one asked for while it is held is one of its own.
    const second = await createTestDatabase()
    expect(await addUser(second)).toBe(1)
    expect(rowsOf(await next.db.execute(sql`select id from users`))).toHaveLength(1)
    await second.close()
    await next.close()
  })
})
