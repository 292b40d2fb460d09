import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rowsOf } from '~/db/rows'
import { users } from '~/db/schema'
import { createTestDatabase } from './test-database'

const rowCounts = async ({ db }: Awaited<ReturnType<typeof createTestDatabase>>) =>
  rowsOf<{ name: string; rows: number }>(
    await db.execute(sql`
      select tablename as name,
        (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', tablename), false, true, '')))[1]::text::int as rows
      from pg_tables where schemaname = 'public' order by 1`),
  )

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
    expect((await rowCounts(first)).filter((t) => t.rows > 0)).toEqual([])
    expect(await addUser(first)).toBe(1)
    await first.close()
    // The next file's: the same tables empty again, and ids from 1.
    const next = await createTestDatabase()
    expect((await rowCounts(next)).filter((t) => t.rows > 0)).toEqual([])
    expect(await addUser(next)).toBe(1)
    // A second one asked for while it is held is one of its own.
    const second = await createTestDatabase()
    expect(await addUser(second)).toBe(1)
    expect(rowsOf(await next.db.execute(sql`select id from users`))).toHaveLength(1)
    await second.close()
    await next.close()
  })
})
