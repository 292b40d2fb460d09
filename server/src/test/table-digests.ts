import { sql } from 'drizzle-orm'
import { createDatabase, type DatabaseOptions } from '~/db/client'
import type { Database } from '~/db/database'
import { rowsOf } from '~/db/rows'

/**
 * Every table of a database outside PostgreSQL's own schemas (`public`, and `drizzle` where the applied
 * migrations are listed), each with its row count and a digest of its rows in an order no collation
 * changes: two databases holding the same rows answer the same.
 */
export async function digestsOf({ db }: Pick<Database, 'db'>) {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(
      sql`select schemaname as schema, tablename as name from pg_tables
          where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
    ),
  )
  const digests: Record<string, { rows: number; digest: string }> = {}
  for (const { schema, name } of tables) {
    const quoted = [schema, name].map((part) => `"${part.replaceAll('"', '""')}"`).join('.')
    const [row] = rowsOf<{ rows: number; digest: string }>(
      await db.execute(
        sql.raw(`select count(*)::int as rows,
           md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as digest
         from ${quoted} t`),
      ),
    )
    digests[`${schema}.${name}`] = row as { rows: number; digest: string }
  }
  return digests
}

/** `digestsOf` a database it opens, and closes after. */
export async function tableDigests(options: DatabaseOptions) {
  const database = await createDatabase(options)
  try {
    return await digestsOf(database)
  } finally {
    await database.close()
  }
}
