import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/database'

/** What any request may change, refused or not: rate-limit counters and when a session was last used. */
const volatileTables = new Set(['rate_limits', '__drizzle_migrations'])
const volatileColumns = new Set(['sessions.last_used_at'])

/** A fingerprint of everything stored, by part: one md5 per table, and `files` for the data folder. */
export type Snapshot = Record<string, string>

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Takes snapshots of the database (every table of the public schema, as an md5 of its rows) and of the
 * files under `dataDir` (their paths and sizes).
 */
export async function createSnapshots(db: Db, dataDir: string) {
  const result = await db.execute(sql`
    select c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`)
  const columns = new Map<string, string[]>()
  for (const { table, column } of (result as unknown as { rows: { table: string; column: string }[] }).rows) {
    if (volatileTables.has(table) || volatileColumns.has(`${table}.${column}`)) continue
    columns.set(table, [...(columns.get(table) ?? []), quote(column)])
  }
  const query = [...columns]
    .map(([table, cols]) => {
      const row = `row(${cols.join(', ')})::text`
      return `select '${table}' as part, md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as hash from ${quote(table)}`
    })
    .join(' union all ')

  const hashTables = async () => {
    const result = await db.execute(sql.raw(query))
    const rows = (result as unknown as { rows: { part: string; hash: string }[] }).rows
    return Object.fromEntries(rows.map((row) => [row.part, row.hash]))
  }
  // Every write to a table takes a transaction id. While the next id to be given out stays the same, no
  // table has changed and the last hashes still hold: most snapshots cost one tiny query instead of a scan.
  const nextTransactionId = async () => {
    const result = await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`)
    const next = (result as unknown as { rows: { next: string }[] }).rows[0]?.next
    if (!next) throw new Error('PostgreSQL gave no transaction id')
    return next
  }
  let last: { next: string; tables: Record<string, string> } | undefined

  return async function snapshot(): Promise<Snapshot> {
    const [next, files] = await Promise.all([nextTransactionId(), listFiles(dataDir)])
    if (!last || last.next !== next) last = { next, tables: await hashTables() }
    return { ...last.tables, files }
  }
}

/** The parts that differ between two snapshots. */
export const changedParts = (before: Snapshot, after: Snapshot) =>
  Object.keys({ ...before, ...after }).filter((part) => before[part] !== after[part])

async function listFiles(dir: string) {
  const names = await readdir(dir, { recursive: true }).catch(() => [])
  const files = await Promise.all(
    names.sort().map(async (name) => {
      const info = await stat(path.join(dir, name)).catch(() => undefined)
      return info?.isFile() ? `${name}:${info.size}` : ''
    }),
  )
  return files.filter(Boolean).join('\n')
}
