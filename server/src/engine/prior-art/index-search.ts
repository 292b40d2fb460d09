import { type DateType, parseSearchQuery } from '@patentdesk/contract/search-query'
import { countTerms } from '~/shared/terms'
import type { IndexFile } from './index-file'
import { SEARCH_PARAMS } from './params'
import { filterTest, type SearchFilters } from './patent-facts'
import { type Compiled, candidatesOf, compileQuery, holds, RefusedQuery, scoringTerms } from './query-eval'
import { byDateOrder, type Collapsed, familyCount, onePerFamily } from './result-order'

/**
 * Queries with phrases, fields or proximity (whose matches are read to be checked): up to this many
 * matches, every one is checked and the total is exact...
 */
const CHECK_ALL = 500
/**
 * ...past it, the total is estimated from a spread sample of this many (a share within ±6 points, 19 times
 * in 20): about 3 ms of reading at a million patents.
 */
const SAMPLE = 250
/**
 * The best matches read for a page: first twice the page (at least this many), which the top lists rank
 * cheaply for common words...
 */
const PAGE_CHECK = 20
/** ...then, if the page is not full, up to this many: a page beyond it stays empty. */
const PAGE_CHECK_MAX = 5000

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
 * enough that match. The total is exact when every match could be checked (at most CHECK_ALL), and
 * otherwise estimated from a spread sample of them. With `family`, one patent per family.
 */
export function searchIndex(file: IndexFile, request: IndexQuery): IndexAnswer {
  const { offset, limit, sort = 'relevance', dateType = 'priority' } = request
  const selected = selection(file, request)
  if ('refused' in selected) {
    const { refused } = selected
    return { total: 0, approximate: false, hits: [], ...(refused === undefined ? {} : { refused }) }
  }
  const { query, matches, exact } = selected
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
  // The total: every match checked, or a spread sample of them, whatever order the page is asked in (the
  // best ones would overstate it).
  const counted = total <= CHECK_ALL ? matches : evenSample(matches, SAMPLE)
  const held = counted.filter(matchesQuery)
  const heldCount = request.family ? familyCount(file.facts, held) : held.length
  const estimate = total > CHECK_ALL ? Math.round((total * heldCount) / counted.length) : heldCount

  /**
   * The page from the first `depth` matches in the order asked, each read and checked until the page is
   * full: a first few (the best, by the top lists, for a common word), and if they are not enough, as many
   * as are ever checked, ranked once.
   */
  const pageOf = (depth: number) => {
    const kept: number[] = []
    let enough = wanted
    for (const doc of ordered(depth)) {
      if (!matchesQuery(doc)) continue
      kept.push(doc)
      if (kept.length < enough) continue
      const found = collapsed(kept)
      if (found.length >= wanted) return found
      enough = kept.length + wanted - found.length
    }
    return collapsed(kept)
  }
  let found: Collapsed[] = []
  // A page beyond what is ever checked stays empty.
  if (wanted <= PAGE_CHECK_MAX) {
    const first = Math.min(PAGE_CHECK_MAX, Math.max(PAGE_CHECK, wanted * 2))
    found = pageOf(first)
    if (found.length < wanted && first < Math.min(total, PAGE_CHECK_MAX)) found = pageOf(PAGE_CHECK_MAX)
  }
  // Exact when the page's reading reached every match; a sample that missed the rare matches the page
  // found does not say there are fewer than were seen.
  const seen = Uint32Array.from([...checked].flatMap(([doc, holds]) => (holds ? [doc] : []))).sort()
  const seenCount = request.family ? familyCount(file.facts, seen) : seen.length
  if (checked.size === total) return answer(found, seenCount, false)
  return answer(found, Math.max(estimate, seenCount), total > CHECK_ALL)
}

type Selection =
  | { query: Compiled; matches: Uint32Array; exact: boolean }
  /** A query that cannot be read (the service refuses it first: no message) or that the index refuses. */
  | { refused: string | undefined }

/**
 * The query compiled and the documents it may match, its filters applied; `exact`: all of them match, else
 * each must be checked (`holds`).
 */
function selection(
  file: IndexFile,
  { q, filters, citing = {} }: Pick<IndexQuery, 'q' | 'filters' | 'citing'>,
): Selection {
  const parsed = parseSearchQuery(q)
  if (!parsed.ok) return { refused: undefined }
  let query: Compiled
  try {
    query = compileQuery(file, parsed.node, citing)
  } catch (error) {
    if (error instanceof RefusedQuery) return { refused: error.message }
    throw error
  }
  const { docs, exact } = candidatesOf(file, query)
  const passes = filterTest(file.facts, filters)
  return { query, matches: passes ? docs.filter(passes) : docs, exact }
}

/**
 * Every document a query matches with its filters, in id order: each candidate checked, none ranked (what
 * a saved search finds among an import's patents, percolate.ts); none for a query the index refuses.
 */
export function matchingDocs(file: IndexFile, request: Pick<IndexQuery, 'q' | 'filters' | 'citing'>) {
  const selected = selection(file, request)
  if ('refused' in selected) return []
  const { query, matches, exact } = selected
  return exact
    ? Array.from(matches)
    : Array.from(matches).filter((doc) => holds(query, doc, file.fieldTokens(doc)))
}

/**
 * `size` of the documents (ascending), one from each of `size` equal stretches, at a place in it that
 * varies from one stretch to the next (the golden ratio's multiples), so that matches recurring at a
 * regular interval are not all taken or all missed. The same query gets the same sample.
 */
function evenSample(docs: Uint32Array, size: number) {
  const stretch = docs.length / size
  return Uint32Array.from({ length: size }, (_, i) => {
    const place = (i * GOLDEN) % 1
    return docs[Math.floor((i + place) * stretch)] as number
  })
}
const GOLDEN = (Math.sqrt(5) - 1) / 2
