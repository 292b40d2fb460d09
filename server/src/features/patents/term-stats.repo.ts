/** Term statistics for TF-IDF: how many patents hold each lexeme, and a text's own term counts. */
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client'
import { rowsOf } from '~/db/rows'
import { patents, termStats } from '~/db/schema'

/**
 * How many patents contain each lexeme anywhere, for inverse document frequency: from term_stats
 * when it has been built, otherwise counted through the index (slow for common words).
 */
export async function documentFrequencies(db: Db, lexemes: string[]) {
  if (lexemes.length === 0) return new Map<string, number>()
  if ((await db.$count(termStats)) > 0) {
    const rows = await db.select().from(termStats).where(inArray(termStats.lexeme, lexemes))
    const known = new Map(rows.map((r) => [r.lexeme, r.documents]))
    return new Map(lexemes.map((l) => [l, known.get(l) ?? 0]))
  }
  const result = await db.execute(sql`
    select l.lexeme, (select count(*) from patents where search_vector @@ to_tsquery('simple', quote_literal(l.lexeme)))::int as df
    from unnest(${sql.param(lexemes)}::text[]) as l(lexeme)`)
  return new Map(rowsOf<{ lexeme: string; df: number }>(result).map((r) => [r.lexeme, r.df]))
}

/** True when patents exist but their term statistics were never built (a database from before them). */
export async function termStatsMissing(db: Db) {
  return (await db.$count(termStats)) === 0 && (await db.$count(patents)) > 0
}

/** Rebuilds term_stats from the search index in one statement. */
export async function refreshTermStats(db: Db) {
  await db.transaction(async (tx) => {
    await tx.delete(termStats)
    await tx.execute(
      sql`insert into term_stats (lexeme, documents) select word, ndoc from ts_stat('select search_vector from patents')`,
    )
  })
}

/** Each lexeme of a text with how often it occurs. */
export async function termCounts(db: Db, text: string) {
  const result = await db.execute(
    sql`select lexeme, coalesce(array_length(positions, 1), 1)::int as tf from unnest(to_tsvector('english', ${text}))`,
  )
  return new Map(rowsOf<{ lexeme: string; tf: number }>(result).map((r) => [r.lexeme, r.tf]))
}
