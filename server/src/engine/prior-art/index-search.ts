import { type DateType, parseSearchQuery } from '@patentdesk/contract/search-query'
import { countTerms } from '~/shared/terms'
import type { IndexFile } from './index-file'
import { SEARCH_PARAMS } from './params'
import { filterTest, type SearchFilters } from './patent-facts'
import { candidatesOf, compileQuery, holds, RefusedQuery, scoringTerms } from './query-eval'
import { byDateOrder, type Collapsed, familyCount, onePerFamily } from './result-order'

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
  /** Best match first (the default), or by `dateType`, newest or oldest first. */
  sort?: 'relevance' | 'new' | 'old'
  dateType?: DateType
  /** One patent per family (dups=family): the earliest published of those found. */
  family?: boolean
}
export type IndexHit = {
  reference: string
  /** BM25F for the query's words; 0 for a patent only its filters found. */
  score: number
  /** With `family`: how many others of its family were found. */
  familyOthers?: number
}
export type IndexAnswer = {
  /** How many patents (or families) match. */
  total: number
  /** The total is estimated: a phrase query whose matches were not all checked (see searchIndex). */
  approximate: boolean
  /** Why the index refuses the query (a truncation of too many words); nothing else is then answered. */
  refused?: string
  /** The patents from `offset`, in the order asked, at most `limit`. */
  hits: IndexHit[]
}

/**
 * The search box's query over the index (contract/src/search-query.ts): the tree decides which patents
 * match (query-eval.ts), BM25F over every word of the query ranks them (the title counts most) or their
 * dates order them, the filters narrow them; all without the database. What the postings alone cannot
 * decide (a phrase, a field, a proximity) is first read as its words anywhere; the first of those matches
 * in the order asked are then read in full (their terms in order, from the file) until the page holds
 * enough that match. The total is exact when every match could be checked (at most PHRASE_CHECK_MAX), and
 * otherwise estimated from the share of those checked that match. With `family`, one patent per family.
 */
export function searchIndex(file: IndexFile, request: IndexQuery): IndexAnswer {
  const { q, filters, offset, limit, citing = {}, sort = 'relevance', dateType = 'priority' } = request
  const parsed = parseSearchQuery(q)
  // The service parses the query first and refuses one that cannot be read.
  if (!parsed.ok) return { total: 0, approximate: false, hits: [] }
  let query: ReturnType<typeof compileQuery>
  try {
    query = compileQuery(file, parsed.node, citing)
  } catch (error) {
    if (error instanceof RefusedQuery)
      return { total: 0, approximate: false, hits: [], refused: error.message }
    throw error
  }
  const { docs, exact } = candidatesOf(file, query)
  const passes = filterTest(file.facts, filters)
  const matches = passes ? docs.filter(passes) : docs
  const total = matches.length
  const scoring = countTerms(scoringTerms(file, query))
  const scores = new Map<number, number>()

  /** The first `depth` matches, best first; those without a word of the query after, in index order. */
  const ranked = (depth: number) => {
    const best = scoring.size === 0 ? [] : file.bm25.rank(scoring, SEARCH_PARAMS, matches, depth)
    for (const { doc, score } of best) scores.set(doc, score)
    const found = best.map((r) => r.doc)
    for (let i = 0; i < matches.length && found.length < Math.min(depth, total); i++)
      if (!scores.has(matches[i] as number)) found.push(matches[i] as number)
    return found
  }
  const ordered = (depth: number) =>
    sort === 'relevance' ? ranked(depth) : byDateOrder(file.facts, matches, dateType, sort === 'new', depth)
  const collapsed = (docs: number[]): Collapsed[] =>
    request.family ? onePerFamily(file.facts, docs) : docs.map((doc) => ({ doc, others: 0 }))
  const answer = (found: Collapsed[], count: number, approximate: boolean): IndexAnswer => {
    const page = found.slice(offset, offset + limit)
    const unscored = Uint32Array.from(page.map((p) => p.doc).filter((doc) => !scores.has(doc))).sort()
    if (scoring.size > 0 && unscored.length > 0)
      for (const { doc, score } of file.bm25.rank(scoring, SEARCH_PARAMS, unscored, unscored.length))
        scores.set(doc, score)
    return {
      total: count,
      approximate,
      hits: page.map(({ doc, others }) => ({
        reference: file.references[doc] as string,
        score: scores.get(doc) ?? 0,
        ...(request.family ? { familyOthers: others } : {}),
      })),
    }
  }
  const wanted = offset + limit

  if (exact || total === 0) {
    const count = request.family ? familyCount(file.facts, matches) : total
    if (total <= offset) return answer([], count, false)
    // Collapsing families may leave fewer than asked: read deeper until the page is full or all is read.
    for (let depth = wanted; ; depth *= 2) {
      const docs = ordered(depth)
      const found = collapsed(docs)
      if (found.length >= wanted || docs.length >= total) return answer(found, count, false)
    }
  }

  const checked = new Map<number, boolean>()
  const matchesQuery = (doc: number) => {
    let held = checked.get(doc)
    if (held === undefined) {
      held = holds(query, doc, file.fieldTokens(doc))
      checked.set(doc, held)
    }
    return held
  }
  // A page beyond what is ever checked stays empty: a small check estimates the total, and no more.
  const reachable = wanted <= PHRASE_CHECK_MAX
  let depth = reachable ? Math.min(PHRASE_CHECK_MAX, Math.max(PHRASE_CHECK, wanted * 2)) : PHRASE_CHECK
  for (;;) {
    const candidates = ordered(depth)
    const kept = candidates.filter(matchesQuery)
    const found = collapsed(kept)
    const complete = candidates.length >= total
    if (!reachable || complete || found.length >= wanted || depth >= PHRASE_CHECK_MAX) {
      const held = request.family ? familyCount(file.facts, Uint32Array.from(kept).sort()) : kept.length
      const count = complete ? held : Math.round((total * held) / Math.max(1, candidates.length))
      return answer(reachable ? found : [], count, !complete)
    }
    depth = Math.min(PHRASE_CHECK_MAX, depth * 4)
  }
}
