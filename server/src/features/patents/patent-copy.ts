import { getTableColumns } from 'drizzle-orm'
import { copyText } from '~/db/copy-text'
import type { BulkTransaction, Database } from '~/db/database'
import { patents } from '~/db/schema'

type NewPatent = typeof patents.$inferInsert
/** A row with the line of the file it was read from, for a refusal to name. */
export type NumberedRow = { line: number; row: NewPatent }
export type RowRefusal = { line: number; reference: string; message: string }
/** How far an import has gone, saved with each batch so that a second run resumes after it. */
export type Progress = { name: string; linesDone: number }

/** The columns an import writes: every stored one (the generated ones PostgreSQL computes). */
const written = Object.entries(getTableColumns(patents))
  .filter(([, column]) => !column.generated)
  .map(([key, column]) => ({
    key: key as keyof NewPatent,
    name: column.name,
    json: column.dataType === 'json',
    list: column.dataType === 'array',
  }))
const names = written.map((c) => c.name).join(', ')
const kept = written.filter((c) => c.name !== 'reference')
/**
 * How a record that is imported again replaces the one stored; its DOCDB family number stays when the new
 * record has none (an office's own file never names one).
 */
const KEEP_FAMILY = 'coalesce(excluded.family_id, patents.family_id)'
const updates = kept.map(
  (c) => [c.name, c.name === 'family_id' ? KEEP_FAMILY : `excluded.${c.name}`] as const,
)
/**
 * How a bibliographic record (DOCDB) completes the one stored: what it lacks is filled, its citations
 * gain the new ones, and the family number is DOCDB's; its texts, numbers and source stay.
 */
const MERGED: Record<string, string> = {
  citations: 'array(select distinct c from unnest(patents.citations || excluded.citations) c)',
  citation_details: `patents.citation_details || (select coalesce(jsonb_agg(c), '[]'::jsonb)
    from jsonb_array_elements(excluded.citation_details) c where not patents.citation_details @> jsonb_build_array(c))`,
}
const merges = kept.map((c) => {
  const empty = c.list
    ? `cardinality(patents.${c.name}) = 0`
    : c.json
      ? `patents.${c.name} = '[]'::jsonb`
      : ''
  const filled = empty
    ? `case when ${empty} then excluded.${c.name} else patents.${c.name} end`
    : `coalesce(patents.${c.name}, excluded.${c.name})`
  return [c.name, c.name === 'family_id' ? KEEP_FAMILY : (MERGED[c.name] ?? filled)] as const
})

/**
 * An update of the stored row with these values, made only where one differs: a record imported again
 * unchanged is not written again, nor journalled as changed (patent_changes, what the alerts read).
 */
const updateWhereChanged = (assignments: (readonly [string, string])[]) =>
  `do update set ${assignments.map(([name, value]) => `${name} = ${value}`).join(', ')}
   where (${assignments.map(([name]) => `patents.${name}`).join(', ')})
     is distinct from (${assignments.map(([, value]) => value).join(', ')})`

/** A batch is copied into this table of the session, then moved into `patents` in one statement. */
const STAGING = 'patent_import'

/**
 * A merged record names the stored one it completes: the same reference, else the one record stored
 * under its key without a kind code (`US9449495` for DOCDB's `US9449495B2`).
 */
const RENAME_TO_STORED = `update ${STAGING} s set reference = p.reference from patents p
  where p.reference_key = (reference_keys(array[s.reference]))[1] and p.reference = p.reference_key
  and p.reference <> s.reference and not exists (select 1 from patents q where q.reference = s.reference)`

/** The last row of each reference in a batch: one statement cannot write a row twice. */
function lastOfEach(batch: NumberedRow[]) {
  return [...new Map(batch.map((item) => [item.row.reference, item])).values()]
}

export type OnDuplicate = 'skip' | 'update' | 'merge'
const CONFLICT: Record<OnDuplicate, string> = {
  skip: 'do nothing',
  update: updateWhereChanged(updates),
  merge: updateWhereChanged(merges),
}

async function copyBatch(tx: BulkTransaction, rows: NewPatent[], onDuplicate: OnDuplicate) {
  // A crash loses at most the last batches, and their progress with them: a second run writes them again.
  await tx.query('set local synchronous_commit = off')
  await tx.query(
    `create temp table if not exists ${STAGING} on commit delete rows as select ${names} from patents with no data`,
  )
  await tx.copyFrom(`copy ${STAGING} (${names}) from stdin`, copyText(rows, written))
  if (onDuplicate === 'merge') await tx.query(RENAME_TO_STORED)
  // Each patent written new or changed is journalled in the same statement. Written counts what was new
  // when duplicates are skipped, and every patent of the batch when they update or merge (changed or not).
  const { rows: counted } = await tx.query(
    `with w as (insert into patents (${names}) select distinct on (reference) ${names} from ${STAGING}
       on conflict (reference) ${CONFLICT[onDuplicate]} returning reference, xmax = 0 as added),
     journal as (insert into patent_changes (reference, added) select reference, added from w)
     select (${onDuplicate === 'skip' ? 'select count(*) from w' : `select count(distinct reference) from ${STAGING}`})::int as n`,
  )
  return Number(counted[0]?.n ?? 0)
}

async function saveProgress(tx: BulkTransaction, progress: Progress) {
  await tx.query(
    `insert into corpus_state (name, lines_done, completed_at) values ($1, $2, null)
     on conflict (name) do update set lines_done = excluded.lines_done, completed_at = null`,
    [progress.name, progress.linesDone],
  )
}

/**
 * Whether PostgreSQL refused the data itself (SQLSTATE classes 22 data exception, 23 integrity, 54 a limit
 * such as a value too long), rather than failing to run: a lost connection must stop the import, not
 * mark every row bad.
 */
function refusesData(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code
  return error instanceof Error && typeof code === 'string' && /^(?:22|23|54)/.test(code)
}

/**
 * Writes a batch of patents by COPY in one transaction, with the import's progress when given. A batch
 * PostgreSQL refuses (a date that does not exist, a value it cannot store) is written again a row at a
 * time, each in its own transaction, so that only the rows it refuses are left out, each named by its
 * line; then the progress is saved.
 *
 * `after`, the writing of the batch before, lets batches be written at the same time on several
 * connections: this one does its work at once but saves its progress only once that one is done, and
 * fails with it, so the progress saved never passes a batch that is not written.
 */
export async function copyPatents(
  database: Database,
  batch: NumberedRow[],
  {
    onDuplicate,
    progress,
    after = Promise.resolve(),
  }: { onDuplicate: OnDuplicate; progress?: Progress; after?: Promise<unknown> },
): Promise<{ written: number; refused: RowRefusal[] }> {
  const rows = lastOfEach(batch)
  try {
    return await database.bulk(async (tx) => {
      const count = await copyBatch(
        tx,
        rows.map((item) => item.row),
        onDuplicate,
      )
      await after
      if (progress) await saveProgress(tx, progress)
      return { written: count, refused: [] }
    })
  } catch (error) {
    if (!refusesData(error)) throw error
    const result = { written: 0, refused: [] as RowRefusal[] }
    for (const item of rows) {
      try {
        result.written += await database.bulk((tx) => copyBatch(tx, [item.row], onDuplicate))
      } catch (rowError) {
        if (!refusesData(rowError)) throw rowError
        result.refused.push({ line: item.line, reference: item.row.reference, message: rowError.message })
      }
    }
    await after
    if (progress) await database.bulk((tx) => saveProgress(tx, progress))
    return result
  }
}
