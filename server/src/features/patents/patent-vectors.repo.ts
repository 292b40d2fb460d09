/** The patents' rows of the database's own search (patent_vectors), written after the patents themselves. */
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { rowsOf } from '~/db/rows'

/** The next patents after `after`, in reference order, that have no search vectors. */
export async function withoutVectors(db: Db, after: string, limit: number) {
  const result = await db.execute(sql`
    select p.reference from patents p
    where p.reference > ${after} and not exists (select 1 from patent_vectors v where v.reference = p.reference)
    order by p.reference limit ${limit}`)
  return rowsOf<{ reference: string }>(result).map((r) => r.reference)
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
      insert into patent_vectors (reference, search_vector, title_vector)
      select reference,
        patent_search_vector(title, abstract, claims, case when ${withDescription} then description end),
        to_tsvector('english', title)
      from patents where reference = any(${sql.param(references)}::text[])
      on conflict (reference) do nothing`)
    return true
  })
}

/** Fresh planner statistics once many vectors were written. */
export async function analyzeVectors(db: Db) {
  await db.execute(sql`analyze patent_vectors`)
}
