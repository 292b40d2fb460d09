import { type Operand, parseQuery } from '~/shared/query-syntax'
import { countTerms, termsOf } from '~/shared/terms'
import type { IndexFile } from './index-file'
import { SEARCH_PARAMS } from './params'
import { filterTest, type SearchFilters } from './patent-facts'

export type IndexQuery = { q: string; filters: SearchFilters; offset: number; limit: number }
export type IndexAnswer = {
  /** How many patents match. */
  total: number
  /** The references from `offset`, best first, at most `limit`. */
  references: string[]
  /**
   * The query holds a phrase, which the index (without word positions) reads as its words anywhere: the
   * matches are a superset, to be checked against the database's phrase search.
   */
  phrases: boolean
}

/**
 * The search box's query over the index: the boolean syntax decides which patents match (shared/query-
 * syntax.ts), BM25F over every word of the query ranks them (the title counts most), the filters narrow
 * them; all without the database.
 */
export function searchIndex(file: IndexFile, { q, filters, offset, limit }: IndexQuery): IndexAnswer {
  const { alternatives, excluded } = parseQuery(q)
  const size = file.size
  const matches = new Uint8Array(size)
  const scoring: string[] = []
  for (const alternative of alternatives) {
    const operands = alternative.map((operand) => termsOf(operand.text)).filter((terms) => terms.length > 0)
    // An alternative of stop words only is no alternative, as in PostgreSQL.
    if (operands.length === 0) continue
    const all = new Set(operands.flat())
    scoring.push(...operands.flat())
    const holds = holdingAll(file, all)
    for (let doc = 0; doc < size; doc++) if (holds[doc] === all.size) matches[doc] = 1
  }
  for (const operand of excluded.filter((o) => !o.phrase)) {
    const terms = new Set(termsOf(operand.text))
    if (terms.size === 0) continue
    const holds = holdingAll(file, terms)
    for (let doc = 0; doc < size; doc++) if (holds[doc] === terms.size) matches[doc] = 0
  }
  const passes = filterTest(file.facts, filters)
  let total = 0
  for (let doc = 0; doc < size; doc++) {
    if (matches[doc] && passes && !passes(doc)) matches[doc] = 0
    total += matches[doc] as number
  }
  const phrases = [...alternatives.flat(), ...excluded].some((o: Operand) => o.phrase)
  if (total === 0 || offset >= total) return { total, references: [], phrases }
  const ranked = file.bm25.search(
    countTerms(scoring),
    SEARCH_PARAMS,
    offset + limit,
    (doc) => matches[doc] === 1,
  )
  return { total, references: ranked.slice(offset).map((r) => file.references[r.doc] as string), phrases }
}

/** For each document, how many of the terms it holds. */
function holdingAll(file: IndexFile, terms: Set<string>) {
  const holds = new Uint16Array(file.size)
  for (const term of terms) {
    const docs = file.bm25.documentsWith(term)
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i] as number
      holds[doc] = (holds[doc] as number) + 1
    }
  }
  return holds
}
