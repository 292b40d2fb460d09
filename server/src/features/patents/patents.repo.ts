import { eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client'
import { classificationTitles, corpusState, PATENTS_CHANGED, patents, termStats } from '~/db/schema'
import { splitExclusions } from '~/shared/query-syntax'

type NewPatent = typeof patents.$inferInsert

/** Inserts a batch; duplicates are skipped or replaced. Answers how many rows were written. */
export async function insertPatents(db: Db, rows: NewPatent[], onDuplicate: 'skip' | 'update') {
  if (rows.length === 0) return 0
  const insert = db.insert(patents).values(rows)
  const columns = Object.keys(rows[0] as object).filter((c) => c !== 'reference') as (keyof NewPatent)[]
  const written =
    onDuplicate === 'skip'
      ? await insert.onConflictDoNothing().returning({ reference: patents.reference })
      : await insert
          .onConflictDoUpdate({
            target: patents.reference,
            set: Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${patents[c].name}`)])),
          })
          .returning({ reference: patents.reference })
  return written.length
}

export async function insertClassificationTitles(db: Db, rows: (typeof classificationTitles.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(classificationTitles).values(rows).onConflictDoNothing()
}

export async function findCorpusState(db: Db, name: string) {
  const [row] = await db.select().from(corpusState).where(eq(corpusState.name, name))
  return row
}

export async function saveCorpusState(db: Db, name: string, linesDone: number, completed: boolean) {
  const completedAt = completed ? new Date() : null
  await db
    .insert(corpusState)
    .values({ name, linesDone, completedAt })
    .onConflictDoUpdate({ target: corpusState.name, set: { linesDone, completedAt } })
}

export type SearchFilters = { from?: string; to?: string; cpc?: string; applicant?: string }

/**
 * The query inlined as a constant rather than a CTE: the planner then reads the lexemes' statistics and
 * chooses between the GIN index and walking the filing-date index.
 */
function tsQuery(q: string) {
  const { include, exclude } = splitExclusions(q)
  const positive = sql`websearch_to_tsquery('english', ${include})`
  return exclude ? sql`(${positive} && !!websearch_to_tsquery('english', ${exclude}))` : positive
}

function filterConditions(filters: SearchFilters) {
  const conditions = []
  if (filters.from) conditions.push(sql`filing_date >= ${filters.from}::date`)
  if (filters.to) conditions.push(sql`filing_date <= ${filters.to}::date`)
  if (filters.cpc) conditions.push(sql`classification_prefixes @> array[${filters.cpc}]::text[]`)
  if (filters.applicant) {
    const words = filters.applicant.toLowerCase().match(/[\p{L}\p{N}]+/gu)
    // Each word of the name, by prefix ('intel' finds 'Intel Corporation'); no word matches nothing.
    conditions.push(
      words
        ? sql`applicant_vector @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`
        : sql`false`,
    )
  }
  return conditions
}

const matching = (vector: 'search_vector' | 'title_vector', query: SQL, filters: SearchFilters) =>
  sql.join([sql`${sql.raw(vector)} @@ ${query}`, ...filterConditions(filters)], sql` and `)

export type SearchRow = {
  reference: string
  title: string
  abstract: string | null
  snippet: string
  publication_date: string | null
  filing_date: string | null
  applicants: string[]
  cpc: string[]
}

type Page = { q: string; filters: SearchFilters; limit: number; offset: number }

/** The page's rows with their highlighted snippet; `ranked` lists the page's references with their rank. */
function pageOf(ranked: SQL, q: string) {
  return sql`
    select p.reference, p.title, p.abstract, p.publication_date, p.filing_date, p.applicants, p.cpc,
      ts_headline('english', coalesce(p.abstract, p.title), websearch_to_tsquery('english', ${splitExclusions(q).include}),
        'StartSel=<mark>, StopSel=</mark>, MaxWords=40, MinWords=20, MaxFragments=2, FragmentDelimiter=" … "') as snippet
    from (${ranked}) ranked join patents p using (reference)
    order by ranked.rank desc, p.reference`
}

/** The rows of a page the patent index ranked, in its order, with their highlighted snippets. */
export async function pageRows(db: Db, q: string, references: string[]) {
  if (references.length === 0) return []
  const ranked = sql`select reference, -position as rank from unnest(${sql.param(references)}::text[]) with ordinality as r(reference, position)`
  return rowsOf<SearchRow>(await db.execute(pageOf(ranked, q)))
}

/** Of the given patents, those the query matches in the database's own reading (phrases included). */
export async function holdingPhrases(db: Db, q: string, references: string[]) {
  if (references.length === 0) return new Set<string>()
  const result = await db.execute(
    sql`select reference from patents where reference = any(${sql.param(references)}::text[]) and search_vector @@ ${tsQuery(q)}`,
  )
  return new Set(rowsOf<{ reference: string }>(result).map((r) => r.reference))
}

/** Every match ranked (title above abstract above claims and description): for result sets of moderate size. */
export async function searchAllMatches(db: Db, { q, filters, limit, offset }: Page) {
  const ranked = sql`
    select reference, ts_rank_cd(search_vector, ${tsQuery(q)}, 1) as rank
    from patents where ${matching('search_vector', tsQuery(q), filters)}
    order by rank desc, reference limit ${limit} offset ${offset}`
  return rowsOf<SearchRow>(await db.execute(pageOf(ranked, q)))
}

/**
 * For queries matching a large share of the corpus, ranking every match is the cost to avoid. The
 * candidates are the documents whose title holds the query as a phrase, the most recent ones whose
 * title matches, and the most recent matches anywhere; only those are ranked. Each source is cheap:
 * the phrase is rare, and the planner walks the filing-date index until it has enough.
 */
export async function searchTopCandidates(db: Db, { q, filters, limit, offset }: Page) {
  const query = tsQuery(q)
  const pool = Math.min(2000, Math.max(300, (offset + limit) * 2))
  const ranked = sql`
    with candidates as (
      (select reference from patents where ${matching('title_vector', sql`phraseto_tsquery('english', ${q})`, filters)} limit 50)
      union
      (select reference from patents where ${matching('title_vector', query, filters)} order by filing_date desc limit ${pool})
      union
      (select reference from patents where ${matching('search_vector', query, filters)} order by filing_date desc limit ${pool})
    )
    select p.reference, ts_rank_cd(p.search_vector, ${query}, 1) as rank
    from candidates join patents p using (reference)
    where p.search_vector @@ ${query}
    order by rank desc, p.reference limit ${limit} offset ${offset}`
  return rowsOf<SearchRow>(await db.execute(pageOf(ranked, q)))
}

/** The planner's estimate of how many patents match: instant, and close for common words (lexeme statistics). */
export async function estimateMatches(db: Db, q: string, filters: SearchFilters) {
  const result = await db.execute(
    sql`explain (format json) select 1 from patents where ${matching('search_vector', tsQuery(q), filters)}`,
  )
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(result)
  const plan = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']
  return Math.round((plan as [{ Plan: { 'Plan Rows': number } }])[0].Plan['Plan Rows'])
}

export async function countMatches(db: Db, q: string, filters: SearchFilters) {
  const result = await db.execute(
    sql`select count(*)::int as total from patents where ${matching('search_vector', tsQuery(q), filters)}`,
  )
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0
}

/**
 * After a bulk load: fresh statistics, the planner's (estimates and plans) and term_stats (TF-IDF), and
 * the time of the change, for the prior-art index of every server.
 */
export async function analyzePatents(db: Db) {
  await db.execute(sql`analyze patents`)
  await refreshTermStats(db)
  await saveCorpusState(db, PATENTS_CHANGED, 0, true)
}

/** The two drivers answer raw SQL in different shapes; both carry `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** References without a kind code (US8856534) also name the document with one (US8856534B2). */
const kindCode = /[A-Z][0-9]?$/
const withKindCode = (numbers: string[]) =>
  sql`${patents.reference} ~ ${`^(${numbers.join('|')})${kindCode.source}`}`

export async function findPatent(db: Db, reference: string) {
  const [exact] = await db.select().from(patents).where(eq(patents.reference, reference))
  if (exact) return exact
  const [withKind] = await db
    .select()
    .from(patents)
    .where(withKindCode([reference.replace(/[^\w]/g, '')]))
    .limit(1)
  return withKind
}

/**
 * Which of `references` the corpus holds, as findPatent finds them: exactly, or (a number without a kind
 * code) with one. The exact ones in one indexed query, the rest in one pattern query.
 */
export async function findHeldReferences(db: Db, references: string[]) {
  const wanted = [...new Set(references.map((r) => r.toUpperCase()))]
  if (wanted.length === 0) return new Set<string>()
  const exact = await db
    .select({ reference: patents.reference })
    .from(patents)
    .where(inArray(patents.reference, wanted))
  const held = new Set(exact.map((row) => row.reference))
  // Only a bare number can gain a kind code; its characters are letters and digits, safe in a pattern.
  const bare = wanted.filter((r) => !held.has(r) && /^[A-Z]{2}\d+$/.test(r))
  if (bare.length === 0) return held
  const withKind = await db.select({ reference: patents.reference }).from(patents).where(withKindCode(bare))
  const numbers = new Set(withKind.map((row) => row.reference.replace(kindCode, '')))
  for (const number of bare) if (numbers.has(number)) held.add(number)
  return held
}

export async function findClassificationTitles(db: Db, codes: string[]) {
  if (codes.length === 0) return []
  return db.select().from(classificationTitles).where(inArray(classificationTitles.code, codes))
}

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

export async function countPatents(db: Db) {
  return db.$count(patents)
}

/** Each lexeme of a text with how often it occurs. */
export async function termCounts(db: Db, text: string) {
  const result = await db.execute(
    sql`select lexeme, coalesce(array_length(positions, 1), 1)::int as tf from unnest(to_tsvector('english', ${text}))`,
  )
  return new Map(rowsOf<{ lexeme: string; tf: number }>(result).map((r) => [r.lexeme, r.tf]))
}
