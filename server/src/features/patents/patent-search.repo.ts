/** The database's own full-text search, while the patent index is rebuilt. */
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { rowsOf } from '~/db/rows'
import { readQuery } from '~/shared/query-syntax'
import { spellingsOf } from '~/shared/spelling'

export type SearchFilters = { from?: string; to?: string; cpc?: string; applicant?: string }

/** A word or phrase in each of its spellings (colour, color): any of them matches. */
const spelled = (token: string) =>
  sql`(${sql.join(
    spellingsOf(token).map((text) => sql`websearch_to_tsquery('english', ${text})`),
    sql` || `,
  )})`

/** The query's words and phrases, excluded ones left out: what its snippets highlight. */
function positiveQuery(q: string) {
  const { alternatives } = readQuery(q)
  if (alternatives.length === 0) return sql`websearch_to_tsquery('english', '')`
  const all = (tokens: string[]) => sql`(${sql.join(tokens.map(spelled), sql` && `)})`
  return sql`(${sql.join(alternatives.map(all), sql` || `)})`
}

/**
 * The query (shared/query-syntax.ts), each word and phrase in British and American spelling, inlined as a
 * constant rather than a CTE: the planner then reads the lexemes' statistics and chooses between the GIN
 * index and walking the filing-date index.
 */
function tsQuery(q: string) {
  const { excluded } = readQuery(q)
  const positive = positiveQuery(q)
  return excluded.length > 0
    ? sql`(${positive} && !!(${sql.join(excluded.map(spelled), sql` || `)}))`
    : positive
}

function filterConditions(filters: SearchFilters) {
  const conditions = []
  if (filters.from) conditions.push(sql`p.filing_date >= ${filters.from}::date`)
  if (filters.to) conditions.push(sql`p.filing_date <= ${filters.to}::date`)
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
  sql.join([sql`v.${sql.raw(vector)} @@ ${query}`, ...filterConditions(filters)], sql` and `)

/** The patents with their search vectors: a patent is found once its vectors are written (patent-vectors.ts). */
const vectorised = sql`patents p join patent_vectors v using (reference)`

/**
 * Runs a query of the vectors with the planner told to use their indexes. Their table's rows are small (the
 * vectors are stored out of line), so a scan of it looks cheap, but matching each row reads its vector
 * back: at 50,000 patents "hinge" took 102 ms by a scan and 11 ms by the GIN index.
 */
function byIndexes(db: Db, query: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    return tx.execute(query)
  })
}

/** A result row, in camelCase like every row the repositories answer. */
export type SearchRow = {
  reference: string
  title: string
  abstract: string | null
  snippet: string
  publicationDate: string | null
  filingDate: string | null
  applicants: string[]
  cpc: string[]
}

type Page = { q: string; filters: SearchFilters; limit: number; offset: number }

/** The page's rows with their highlighted snippet; `ranked` lists the page's references with their rank. */
function pageOf(ranked: SQL, q: string) {
  return sql`
    select p.reference, p.title, p.abstract, p.publication_date as "publicationDate", p.filing_date as "filingDate",
      p.applicants, p.cpc,
      ts_headline('english', coalesce(p.abstract, p.title), ${positiveQuery(q)},
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

/** Every match ranked (title above abstract above claims and description): for result sets of moderate size. */
export async function searchAllMatches(db: Db, { q, filters, limit, offset }: Page) {
  const ranked = sql`
    select reference, ts_rank_cd(v.search_vector, ${tsQuery(q)}, 1) as rank
    from ${vectorised} where ${matching('search_vector', tsQuery(q), filters)}
    order by rank desc, reference limit ${limit} offset ${offset}`
  return rowsOf<SearchRow>(await byIndexes(db, pageOf(ranked, q)))
}

/**
 * For queries matching a large share of the corpus, ranking every match is the cost to avoid. The
 * candidates are the documents whose title holds the query as a phrase, the most recent ones whose
 * title matches, and the most recent matches anywhere; only those are ranked. Each source is cheap:
 * the phrase is rare, and the planner walks the vectors' filing-date index until it has enough (the
 * patents' own would, after a large import, walk through every patent not yet given vectors).
 */
export async function searchTopCandidates(db: Db, { q, filters, limit, offset }: Page) {
  const query = tsQuery(q)
  const pool = Math.min(2000, Math.max(300, (offset + limit) * 2))
  const ranked = sql`
    with candidates as (
      (select reference from ${vectorised} where ${matching('title_vector', sql`phraseto_tsquery('english', ${q})`, filters)} limit 50)
      union
      (select reference from ${vectorised} where ${matching('title_vector', query, filters)} order by v.filing_date desc limit ${pool})
      union
      (select reference from ${vectorised} where ${matching('search_vector', query, filters)} order by v.filing_date desc limit ${pool})
    )
    select v.reference, ts_rank_cd(v.search_vector, ${query}, 1) as rank
    from candidates join patent_vectors v using (reference)
    where v.search_vector @@ ${query}
    order by rank desc, v.reference limit ${limit} offset ${offset}`
  return rowsOf<SearchRow>(await byIndexes(db, pageOf(ranked, q)))
}

/** The planner's estimate of how many patents match: instant, and close for common words (lexeme statistics). */
export async function estimateMatches(db: Db, q: string, filters: SearchFilters) {
  const result = await db.execute(
    sql`explain (format json) select 1 from ${vectorised} where ${matching('search_vector', tsQuery(q), filters)}`,
  )
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(result)
  const plan = typeof row?.['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row?.['QUERY PLAN']
  return Math.round((plan as [{ Plan: { 'Plan Rows': number } }])[0].Plan['Plan Rows'])
}

export async function countMatches(db: Db, q: string, filters: SearchFilters) {
  const result = await byIndexes(
    db,
    sql`select count(*)::int as total from ${vectorised} where ${matching('search_vector', tsQuery(q), filters)}`,
  )
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0
}

/** What an export lists of each patent. */
export type ExportRow = {
  reference: string
  title: string
  applicants: string[]
  assignees: string[]
  inventors: string[]
  priorityDate: string | null
  filingDate: string | null
  publicationDate: string | null
  grantDate: string | null
  cpc: string[]
}

/** The export's rows of the references, in their order. */
export async function exportRows(db: Db, references: string[]) {
  if (references.length === 0) return []
  return rowsOf<ExportRow>(
    await db.execute(sql`
      select p.reference, p.title, p.applicants, p.assignees, p.inventors, p.priority_date as "priorityDate",
        p.filing_date as "filingDate", p.publication_date as "publicationDate", p.grant_date as "grantDate", p.cpc
      from unnest(${sql.param(references)}::text[]) with ordinality as r(reference, position)
      join patents p using (reference)
      order by r.position`),
  )
}
