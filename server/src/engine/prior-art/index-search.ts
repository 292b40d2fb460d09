import { parseSearchQuery } from '@patentdesk/contract/search-query'
import { countTerms } from '~/shared/terms'
import type { IndexFile } from './index-file'
import { SEARCH_PARAMS } from './params'
import { filterTest, type SearchFilters } from './patent-facts'
import { candidatesOf, compileQuery, holds, scoringTerms, UnansweredQuery } from './query-eval'

/** Queries with phrases, fields or proximity: matches checked at a time, at least. */
const PHRASE_CHECK = 200
/** The same: at most this many matches are checked for one page. */
const PHRASE_CHECK_MAX = 5000

export type IndexQuery = {
  q: string
  filters: SearchFilters
  offset: number
  limit: number
  /** For each `CT=` of the query, the references of the patents that cite it (the database knows them). */
  citing?: Record<string, string[]>
}
export type IndexAnswer = {
  /** How many patents match. */
  total: number
  /** The total is estimated: a phrase query whose matches were not all checked (see searchIndex). */
  approximate: boolean
  /** Why the index refuses the query (a truncation of too many words); nothing else is then answered. */
  refused?: string
  /** The references from `offset`, best first, at most `limit`. */
  references: string[]
}

/**
 * The search box's query over the index (contract/src/search-query.ts): the tree decides which patents
 * match (query-eval.ts), BM25F over every word of the query ranks them (the title counts most), the filters
 * narrow them; all without the database. What the postings alone cannot decide (a phrase, a field, a
 * proximity) is first read as its words anywhere; the best of those matches are then read in full (their
 * terms in order, from the file) until the page holds enough that match. The total is exact when every
 * match could be checked (at most PHRASE_CHECK_MAX), and otherwise estimated from the share of those
 * checked that match. An operator it does not answer yet throws UnansweredQuery.
 */
export function searchIndex(
  file: IndexFile,
  { q, filters, offset, limit, citing = {} }: IndexQuery,
): IndexAnswer {
  const parsed = parseSearchQuery(q)
  // The service parses the query first and refuses one that cannot be read.
  if (!parsed.ok) return { total: 0, approximate: false, references: [] }
  let query: ReturnType<typeof compileQuery>
  try {
    query = compileQuery(file, parsed.node, citing)
  } catch (error) {
    if (error instanceof UnansweredQuery)
      return { total: 0, approximate: false, references: [], refused: error.message }
    throw error
  }
  const { docs, exact } = candidatesOf(file, query)
  const passes = filterTest(file.facts, filters)
  const matches = passes ? docs.filter(passes) : docs
  const total = matches.length
  const scoring = countTerms(scoringTerms(file, query))
  // A query of filters only (CPC=, assignee:, dates) has no word to rank by: its matches in the index's order.
  const ranked = (depth: number) =>
    scoring.size === 0
      ? Array.from(matches.subarray(0, depth))
      : file.bm25.rank(scoring, SEARCH_PARAMS, matches, depth).map((r) => r.doc)
  const answer = (found: number[], count: number, approximate: boolean): IndexAnswer => ({
    total: count,
    approximate,
    references: found.slice(offset, offset + limit).map((doc) => file.references[doc] as string),
  })
  if (exact || total === 0) return answer(total > offset ? ranked(offset + limit) : [], total, false)

  const checked = new Map<number, boolean>()
  const matchesQuery = (doc: number) => {
    let held = checked.get(doc)
    if (held === undefined) {
      held = holds(query, doc, file.fieldIds(doc))
      checked.set(doc, held)
    }
    return held
  }
  // A page beyond what is ever checked stays empty: a small check estimates the total, and no more.
  const reachable = offset + limit <= PHRASE_CHECK_MAX
  let depth = reachable
    ? Math.min(PHRASE_CHECK_MAX, Math.max(PHRASE_CHECK, (offset + limit) * 2))
    : PHRASE_CHECK
  for (;;) {
    const candidates = ranked(depth)
    const kept = candidates.filter(matchesQuery)
    const complete = candidates.length >= total
    if (!reachable || complete || kept.length >= offset + limit || depth >= PHRASE_CHECK_MAX) {
      const count = complete
        ? kept.length
        : Math.round((total * kept.length) / Math.max(1, candidates.length))
      return answer(reachable ? kept : [], count, !complete)
    }
    depth = Math.min(PHRASE_CHECK_MAX, depth * 4)
  }
}
