/** The patents' rows of the database's own search (patent_vectors), written after the patents themselves. */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { rowsOf } from '~/db/rows'

/**
 * The next `window` patents after `after` in reference order: those of them without search vectors, and
 * the last one's reference (none past the end). The window is read from the primary key's index and each
 * patent looked up in the vectors' own: a run costs the corpus once, whatever share has vectors, where
 * asking for the next ones lacking them (an anti-join) let the planner scan the table for every batch.
 */
export async function windowWithoutVectors(db: Db, after: string, window: number) {
  // A lateral lookup with LIMIT 1 is a probe of the index per patent; EXISTS let the planner hash the
  // whole vectors table for every window, a million rows read a thousand times at a million patents.
  const result = await db.execute(sql`
    select w.reference, v.reference is not null as vectorised
    from (select reference from patents where reference > ${after} order by reference limit ${window}) w
    left join lateral (select reference from patent_vectors v where v.reference = w.reference limit 1) v on true
    order by w.reference`)
  const rows = rowsOf<{ reference: string; vectorised: boolean }>(result)
  return { missing: rows.filter((r) => !r.vectorised).map((r) => r.reference), last: rows.at(-1)?.reference }
}

/**
 * Whether every patent has its vectors: two counts, where a walk of the corpus costs a thousand windows at
 * a million patents. A vectors row belongs to one patent and goes with it, so equal counts mean all.
 */
export async function everyPatentVectorised(db: Db) {
  const result = await db.execute(
    sql`select (select count(*) from patents) = (select count(*) from patent_vectors) as complete`,
  )
  return rowsOf<{ complete: boolean }>(result)[0]?.complete === true
}

/**
 * Writes the search vectors of the patents named (migration 0018's `patent_search_vector`), without their
 * descriptions when told: a description can hold more distinct words than a tsvector takes. Answers
 * false, writing nothing, when another server is writing vectors: each batch takes a lock for that.
 */
export async function writeVectors(db: Db, references: string[], withDescription = true) {
  return db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(hashtext('patent_vectors')) as locked`,
    )
    if (!rowsOf<{ locked: boolean }>(locked)[0]?.locked) return false
    await tx.execute(sql`
      insert into patent_vectors (reference, search_vector, title_vector, filing_date)
      select reference,
        patent_search_vector(title, abstract, claims, case when ${withDescription} then description end),
        to_tsvector('english', title), filing_date
      from patents where reference = any(${sql.param(references)}::text[])
      on conflict (reference) do nothing`)
    return true
  })
}

/** Fresh planner statistics once many vectors were written. */
export async function analyzeVectors(db: Db) {
  await db.execute(sql`analyze patent_vectors`)
}
