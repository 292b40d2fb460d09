import { type Operand, parseQuery } from '~/shared/query-syntax'
import { countTerms, termsOf } from '~/shared/terms'
import type { IndexFile } from './index-file'
import { SEARCH_PARAMS } from './params'
import { filterTest, type SearchFilters } from './patent-facts'
import { difference, intersect, union } from './sorted-ids'

/** Phrase queries: matches checked for their phrases at a time, at least. */
const PHRASE_CHECK = 200
/** Phrase queries: at most this many matches are checked for one page. */
const PHRASE_CHECK_MAX = 5000
/** Phrase queries: a checked patent's words beside the phrases looked up in its terms, before a set of them. */
const FEW_LOOKUPS = 8

export type IndexQuery = { q: string; filters: SearchFilters; offset: number; limit: number }
export type IndexAnswer = {
  /** How many patents match. */
  total: number
  /** The total is estimated: a phrase query whose matches were not all checked (see searchIndex). */
  approximate: boolean
  /** The references from `offset`, best first, at most `limit`. */
  references: string[]
}

/**
 * An operand as terms: a word's (all anywhere in the patent) or a phrase's (in order, within one field),
 * with their ids in the index (-1 for a term it lacks), compared with the patents' terms as numbers, and
 * the phrase's failure table for finding it in linear time.
 */
type Terms = { terms: string[]; ids: Int32Array; phrase: boolean; fallback: Int32Array }
function termsOfOperand(file: IndexFile, operand: Operand): Terms {
  const terms = termsOf(operand.text)
  const ids = Int32Array.from(terms, (term) => file.bm25.termIdOf(term))
  return {
    terms,
    ids,
    phrase: operand.phrase,
    fallback: operand.phrase ? failureTable(ids) : new Int32Array(0),
  }
}

/**
 * The search box's query over the index: the boolean syntax decides which patents match (shared/query-
 * syntax.ts), BM25F over every word of the query ranks them (the title counts most), the filters narrow
 * them; all without the database. A phrase is first read as its words anywhere; the best of those matches
 * are then read in full (their terms in order, from the file) until the page holds enough that have the
 * phrase. The total is exact when every match could be checked (at most PHRASE_CHECK_MAX), and otherwise
 * estimated from the share of those checked that hold it.
 */
export function searchIndex(file: IndexFile, { q, filters, offset, limit }: IndexQuery): IndexAnswer {
  const { alternatives: parsed, excluded: parsedExcluded } = parseQuery(q)
  // An operand or an alternative of stop words only is none, as in PostgreSQL.
  const alternatives = parsed
    .map((operands) => operands.map((o) => termsOfOperand(file, o)).filter((o) => o.terms.length > 0))
    .filter((operands) => operands.length > 0)
  const excluded = parsedExcluded.map((o) => termsOfOperand(file, o)).filter((o) => o.terms.length > 0)
  let matches: Uint32Array = new Uint32Array(0)
  for (const operands of alternatives) matches = union(matches, holdingAll(file, operands))
  for (const operand of excluded.filter((o) => !o.phrase))
    matches = difference(matches, holdingAll(file, [operand]))
  const passes = filterTest(file.facts, filters)
  if (passes) matches = matches.filter(passes)
  const total = matches.length
  const scoring = countTerms(alternatives.flat().flatMap((o) => o.terms))
  const ranked = (depth: number) => file.bm25.rank(scoring, SEARCH_PARAMS, matches, depth).map((r) => r.doc)
  const answer = (docs: number[], count: number, approximate: boolean): IndexAnswer => ({
    total: count,
    approximate,
    references: docs.slice(offset, offset + limit).map((doc) => file.references[doc] as string),
  })
  const phrases = [...alternatives.flat(), ...excluded].some((o) => o.phrase)
  if (!phrases || total === 0) return answer(total > offset ? ranked(offset + limit) : [], total, false)

  const checked = new Map<number, boolean>()
  const holds = (doc: number) => {
    let held = checked.get(doc)
    if (held === undefined) {
      held = holdsQuery(file.fieldIds(doc), alternatives, excluded)
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
    const kept = candidates.filter(holds)
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

/** The documents holding every term of the operands, in id order: the shortest list first. */
function holdingAll(file: IndexFile, operands: Terms[]) {
  const lists: Uint32Array[] = [...new Set(operands.flatMap((o) => o.terms))]
    .map((term) => file.bm25.documentsWith(term))
    .sort((a, b) => a.length - b.length)
  return lists.reduce((held, list) => intersect(held, list))
}

/**
 * Whether a patent, as its fields' terms in order, matches the query: every operand of an alternative, and
 * no excluded one. Stop words are not terms, so a phrase with one inside ("bag of words") is its other
 * words in a row, a little wider than PostgreSQL's reading, which counts the gap.
 */
function holdsQuery(fields: Uint32Array[], alternatives: Terms[][], excluded: Terms[]) {
  // A few words are looked for in the fields themselves; past that, in a set made of them once, so that
  // a query of many words costs each patent checked its length, not its length per word.
  let lookups = 0
  let all: Set<number> | undefined
  const has = (id: number) => {
    if (lookups++ < FEW_LOOKUPS) return fields.some((field) => field.includes(id))
    all ??= new Set(fields.flatMap((field) => [...field]))
    return all.has(id)
  }
  const holds = (operand: Terms) =>
    operand.phrase ? fields.some((field) => holdsRun(field, operand)) : operand.ids.every(has)
  return alternatives.some((operands) => operands.every(holds)) && !excluded.some(holds)
}

/** Knuth–Morris–Pratt's table: for each prefix of the run, the length of its longest proper border. */
function failureTable(run: Int32Array) {
  const table = new Int32Array(run.length)
  let border = 0
  for (let i = 1; i < run.length; i++) {
    while (border > 0 && run[i] !== run[border]) border = table[border - 1] as number
    if (run[i] === run[border]) border++
    table[i] = border
  }
  return table
}

/** Whether the phrase's terms occur in `terms` in a row: linear in both, whatever repeats either holds. */
function holdsRun(terms: Uint32Array, { ids: run, fallback }: Terms) {
  let matched = 0
  for (const term of terms) {
    while (matched > 0 && term !== run[matched]) matched = fallback[matched - 1] as number
    if (term === run[matched]) matched++
    if (matched === run.length) return true
  }
  return false
}
