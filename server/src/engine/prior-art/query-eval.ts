import {
  type QueryNode,
  queryLimits,
  refusedMessages,
  type TextField,
} from '@patentdesk/contract/search-query'
import { lowerWords, termOfWord } from '~/shared/terms'
import { FIELDS } from './bm25f-fields'
import type { IndexFile } from './index-file'
import { dayOf, daysOf, docsWithCode, docsWithNames, filterTest, NO_DATE, namesTest } from './patent-facts'
import { difference, intersect, union } from './sorted-ids'
import type { FieldTokens } from './tokeniser'

/** A query the index refuses (a truncation of too many words): the search answers 400 with its message. */
export class RefusedQuery extends Error {}

/** The references the query's CT= fields name, for the database to find who cites them. */
export function citedIn(node: QueryNode): string[] {
  switch (node.kind) {
    case 'cites':
      return [node.value]
    case 'and':
    case 'or':
      return node.nodes.flatMap(citedIn)
    case 'not':
    case 'field':
      return citedIn(node.node)
    default:
      return []
  }
}

/**
 * Whether only the index answers the query: the database's own search (while the index is rebuilt) reads
 * words, "phrases", OR and exclusions, not fields, filters, proximity or truncation.
 */
export function needsIndex(node: QueryNode): boolean {
  switch (node.kind) {
    case 'word':
      return /[*?]/.test(node.text)
    case 'phrase':
      return false
    case 'and':
    case 'or':
      return node.nodes.some(needsIndex)
    case 'not':
      return needsIndex(node.node)
    default:
      return true
  }
}

const MAX_EXPANSION = queryLimits.truncationTerms
/**
 * The postings a truncated word's terms may hold together: past it the word is refused, so that `com*` at a
 * million patents costs no sort of tens of millions of ids.
 */
const MAX_EXPANDED_POSTINGS = 2_000_000

/**
 * A query's leaf as the index reads it: its terms in order, each the set of term ids it accepts (a word's
 * Porter stem; a truncated word's every matching stem), and whether they must stand in a row (a phrase,
 * or a word the tokeniser splits, "crash-detection"). `accepts` tests a term id against the k-th: made
 * once, since the check runs it over every term of thousands of documents (a comparison for one id, a set
 * for several).
 */
type Leaf = { alternatives: number[][]; run: boolean; accepts: ((id: number) => boolean)[] }

export type Compiled =
  | { kind: 'leaf'; leaf: Leaf }
  | { kind: 'and' | 'or'; nodes: Compiled[] }
  | { kind: 'not'; node: Compiled }
  | { kind: 'near'; left: Compiled; right: Compiled; distance: number; ordered: boolean }
  /** Both sides in one sentence (WITH) or one paragraph (SAME) of a field. */
  | { kind: 'sentence' | 'paragraph'; left: Compiled; right: Compiled }
  | { kind: 'field'; field: number; node: Compiled }
  /** A filter in the query; `docs`: every document it passes, found faster than by testing each. */
  | { kind: 'test'; test: (doc: number) => boolean; docs?: () => Uint32Array }

const FIELD_INDEX: Record<TextField, number> = {
  title: FIELDS.indexOf('title'),
  abstract: FIELDS.indexOf('abstract'),
  claims: FIELDS.indexOf('claims'),
  description: FIELDS.indexOf('description'),
}

/**
 * Whether a stem fits a truncated word: `*` any run of letters, `?` one. The greedy walk with one resume
 * point costs at most the product of both lengths; it is reached only for the stems that begin with the
 * word's letters before its first `*` or `?` (at least three: the parser's floor).
 */
function fits(pattern: string, term: string) {
  let p = 0
  let t = 0
  let star = -1
  let resume = 0
  while (t < term.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === term[t])) {
      p += 1
      t += 1
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p
      resume = t
      p += 1
    } else if (star !== -1) {
      p = star + 1
      resume += 1
      t = resume
    } else return false
  }
  while (p < pattern.length && pattern[p] === '*') p += 1
  return p === pattern.length
}

/** A node with no term (a word or phrase of stop words, or made of such): none, as in PostgreSQL. */
const NONE: Compiled = { kind: 'or', nodes: [] }
const isNone = (node: Compiled) => node.kind === 'or' && node.nodes.length === 0

/**
 * Turns the parsed query into what the index evaluates, refusing a truncation of too many words. A part
 * of stop words only is left out of what holds it (`"the of" tricycle` is `tricycle`).
 */
export function compileQuery(
  file: IndexFile,
  node: QueryNode,
  /** For each CT= value, the references that cite it. */
  citing: Record<string, string[]> = {},
): Compiled {
  const compile = (n: QueryNode): Compiled => {
    switch (n.kind) {
      case 'word':
      case 'phrase': {
        const leaf = n.kind === 'word' ? wordLeaf(file, n.text) : termsLeaf(file, n.text, true)
        return leaf.alternatives.length === 0 ? NONE : { kind: 'leaf', leaf }
      }
      case 'and':
      case 'or': {
        const nodes = n.nodes
          .map(compile)
          .filter((child) => !isNone(child) && !(child.kind === 'not' && isNone(child.node)))
        return nodes.length === 1 && n.kind === 'and' ? (nodes[0] as Compiled) : { kind: n.kind, nodes }
      }
      case 'not':
        return { kind: 'not', node: compile(n.node) }
      case 'near':
      case 'sentence':
      case 'paragraph': {
        const [left, right] = [compile(n.left), compile(n.right)]
        return isNone(left) || isNone(right) ? NONE : { ...n, left, right }
      }
      case 'field': {
        const inner = compile(n.node)
        return isNone(inner) ? NONE : { kind: 'field', field: FIELD_INDEX[n.field], node: inner }
      }
      case 'cpc':
        return {
          kind: 'test',
          test: filterTest(file.facts, { cpc: n.value }) ?? (() => true),
          docs: () => docsWithCode(file.facts, n.value),
        }
      case 'assignee':
      case 'inventor': {
        const lists = n.kind === 'assignee' ? file.facts.applicants : file.facts.inventors
        return { kind: 'test', test: namesTest(lists, n.value), docs: () => docsWithNames(lists, n.value) }
      }
      case 'country': {
        const office = n.value.toUpperCase()
        return { kind: 'test', test: (doc) => (file.references[doc] as string).startsWith(office) }
      }
      case 'date':
        return { kind: 'test', test: dateTest(file, n) }
      case 'cites': {
        const docs = new Set(file.docsOf(citing[n.value] ?? []))
        return { kind: 'test', test: (doc) => docs.has(doc) }
      }
    }
  }
  return compile(node)
}

function dateTest(file: IndexFile, n: Extract<QueryNode, { kind: 'date' }>) {
  const days = daysOf(file.facts, n.type)
  const day = dayOf(n.date)
  // before: strictly earlier; after: on or later, as Google Patents reads them. An unknown date is neither.
  return n.side === 'before'
    ? (doc: number) => {
        const d = days[doc] as number
        return d !== NO_DATE && d < day
      }
    : (doc: number) => {
        const d = days[doc] as number
        return d !== NO_DATE && d >= day
      }
}

function termsLeaf(file: IndexFile, text: string, run: boolean): Leaf {
  const ids = lowerWords(text)
    .map(termOfWord)
    .filter((term): term is string => term !== undefined)
    .map((term) => [file.bm25.termIdOf(term)])
  return leafOf(ids, run || ids.length > 1)
}

const leafOf = (alternatives: number[][], run: boolean): Leaf => ({
  alternatives,
  run,
  accepts: alternatives.map((ids) => {
    if (ids.length === 1) {
      const only = ids[0]
      return (id: number) => id === only
    }
    const set = new Set(ids)
    return (id: number) => set.has(id)
  }),
})

function wordLeaf(file: IndexFile, text: string): Leaf {
  if (!/[*?]/.test(text)) return termsLeaf(file, text, false)
  const pattern = text.toLowerCase()
  const prefix = /^[^*?]*/.exec(pattern)?.[0] ?? ''
  const ids = file.termIdsMatching(prefix, (term) => fits(pattern, term), MAX_EXPANSION + 1)
  const postings = ids.reduce((sum, id) => sum + file.documentFrequencyOfId(id), 0)
  if (ids.length > MAX_EXPANSION || postings > MAX_EXPANDED_POSTINGS)
    throw new RefusedQuery(refusedMessages.tooManyWords(text))
  return leafOf([ids], false)
}

/** Past this share of the corpus, the documents holding any of several terms are marked, not sorted. */
const MARK_ABOVE = 1 / 16

/**
 * The documents holding any of the ids, in id order: few postings gathered, sorted and made unique; many
 * (a truncation of common stems, `transmi*`) marked on a map of the corpus and read off it.
 */
function holdingAny(file: IndexFile, ids: number[], inTitle: boolean) {
  const lists = ids.map((id) => file.documentsWithId(id, inTitle))
  if (lists.length === 1) return lists[0] as Uint32Array
  const total = lists.reduce((sum, list) => sum + list.length, 0)
  if (total < file.size * MARK_ABOVE) {
    const all = new Uint32Array(total)
    let at = 0
    for (const list of lists) {
      all.set(list, at)
      at += list.length
    }
    all.sort()
    let n = 0
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i] as number
    return all.subarray(0, n)
  }
  const marked = new Uint8Array(file.size)
  for (const list of lists) for (let i = 0; i < list.length; i++) marked[list[i] as number] = 1
  const docs = new Uint32Array(total)
  let n = 0
  for (let doc = 0; doc < marked.length; doc++) if (marked[doc]) docs[n++] = doc
  return docs.subarray(0, n)
}

/** The documents of the corpus that pass a test, in id order: one pass, no list of every document made. */
function docsWhere(size: number, test: (doc: number) => boolean) {
  const docs = new Uint32Array(size)
  let n = 0
  for (let doc = 0; doc < size; doc++) if (test(doc)) docs[n++] = doc
  return docs.slice(0, n)
}

/**
 * The documents that may match, in id order: every one that does, and with `exact` false some that the
 * check (`holds`) must still read (a phrase's words anywhere, a field's words in any field, a NEAR's two
 * sides anywhere). A test (CPC, applicant, country, dates) is run over the documents the rest allows.
 * Within TI=, words are read from the title's own lists (`inTitle`): exact, as outside a field.
 */
export function candidatesOf(
  file: IndexFile,
  node: Compiled,
  inTitle = false,
): { docs: Uint32Array; exact: boolean } {
  const of = (n: Compiled) => candidatesOf(file, n, inTitle)
  switch (node.kind) {
    case 'leaf': {
      const lists = node.leaf.alternatives
        .map((ids) => holdingAny(file, ids, inTitle))
        .sort((a, b) => a.length - b.length)
      const docs =
        lists.length === 0 ? new Uint32Array(0) : lists.reduce((held, list) => intersect(held, list))
      return { docs, exact: !node.leaf.run }
    }
    case 'or': {
      const parts = node.nodes.map(of)
      const docs = parts.reduce<Uint32Array>((all, p) => union(all, p.docs), new Uint32Array(0))
      return { docs, exact: parts.every((p) => p.exact) }
    }
    case 'and': {
      if (node.nodes.length === 0) return { docs: new Uint32Array(0), exact: true }
      const positives = node.nodes.filter((n) => n.kind !== 'not' && n.kind !== 'test')
      const filters = node.nodes.flatMap((n) => (n.kind === 'test' ? [n] : []))
      const negatives = node.nodes.filter((n) => n.kind === 'not')
      const parts = positives.map(of)
      let docs =
        parts.length > 0 ? parts.map((p) => p.docs).reduce((held, list) => intersect(held, list)) : undefined
      // A filter that lists its documents (names, classification) is read as a list where a test of each
      // document would cost more: standing alone, or beside words found in over an eighth of the corpus.
      const listed = filters.find(
        (f) => f.docs !== undefined && (!docs || docs.length > file.size * LIST_ABOVE),
      )
      if (listed?.docs) docs = docs ? intersect(docs, listed.docs()) : listed.docs()
      const tests = filters.flatMap((f) => (f === listed ? [] : [f.test]))
      const passes = (doc: number) => tests.every((test) => test(doc))
      docs = docs ? (tests.length > 0 ? docs.filter(passes) : docs) : docsWhere(file.size, passes)
      let exact = parts.every((p) => p.exact)
      for (const negative of negatives) {
        const excluded = of((negative as { node: Compiled }).node)
        // What the exclusion matches exactly is removed here; the rest is left to the check.
        if (excluded.exact) docs = difference(docs, excluded.docs)
        else exact = false
      }
      return { docs, exact }
    }
    case 'not':
      // Only under an AND (the parser refuses a query that only excludes): read there.
      return { docs: new Uint32Array(0), exact: false }
    case 'near':
    case 'sentence':
    case 'paragraph': {
      const [left, right] = [of(node.left), of(node.right)]
      return { docs: intersect(left.docs, right.docs), exact: false }
    }
    case 'field':
      return node.field === FIELD_INDEX.title
        ? candidatesOf(file, node.node, true)
        : { docs: candidatesOf(file, node.node).docs, exact: false }
    case 'test':
      return { docs: node.docs ? node.docs() : docsWhere(file.size, node.test), exact: true }
  }
}

/** The share of the corpus past which a filter's own list of documents is read rather than testing each. */
const LIST_ABOVE = 1 / 8

/** Where a leaf matches in a field's terms: the position of each match's first term, ascending. */
function positionsOf(leaf: Leaf, terms: Uint32Array) {
  const at: number[] = []
  const { accepts } = leaf
  const width = accepts.length
  const first = accepts[0]
  if (!first) return at
  if (!leaf.run) {
    // Words anywhere: each position holding the first; the others checked for presence by `holds`.
    for (let i = 0; i < terms.length; i++) if (first(terms[i] as number)) at.push(i)
    return at
  }
  // A run: linear, since each start is compared term by term only while the terms match, and a run's terms
  // are few (a phrase of a query of 500 characters).
  for (let i = 0; i + width <= terms.length; i++) {
    let k = 0
    while (k < width && (accepts[k] as (id: number) => boolean)(terms[i + k] as number)) k++
    if (k === width) at.push(i)
  }
  return at
}

/** Whether a leaf is in the fields given: a run in one field, or each of its terms anywhere in them. */
function leafHolds(leaf: Leaf, fields: Uint32Array[]) {
  if (leaf.run) return fields.some((terms) => positionsOf(leaf, terms).length > 0)
  return leaf.accepts.every((accept) => fields.some((terms) => anyOf(terms, accept)))
}

function anyOf(terms: Uint32Array, accept: (id: number) => boolean) {
  for (let i = 0; i < terms.length; i++) if (accept(terms[i] as number)) return true
  return false
}

/** The positions a proximity side matches at in one field (its words, phrases or alternatives). */
function sidePositions(node: Compiled, field: FieldTokens): number[] {
  if (node.kind === 'leaf') return positionsOf(node.leaf, field.ids)
  if (node.kind === 'or') return node.nodes.flatMap((n) => sidePositions(n, field)).sort((a, b) => a - b)
  if (node.kind === 'near') return nearPositions(node, field)
  if (node.kind === 'sentence' || node.kind === 'paragraph') return unitPositions(node, field)
  return []
}

/** Where a NEAR or ADJ holds in one field: the left side's positions that have the right side near. */
function nearPositions(node: Extract<Compiled, { kind: 'near' }>, field: FieldTokens) {
  const left = sidePositions(node.left, field)
  const right = sidePositions(node.right, field)
  const found: number[] = []
  let from = 0
  for (const l of left) {
    // Both lists ascend: the window over `right` only moves forward.
    while (from < right.length && (right[from] as number) < l - (node.ordered ? 0 : node.distance)) from++
    for (let r = from; r < right.length && (right[r] as number) <= l + node.distance; r++) {
      const gap = (right[r] as number) - l
      if (gap !== 0 && (!node.ordered || gap > 0)) {
        found.push(l)
        break
      }
    }
  }
  return found
}

/**
 * The number of the sentence (or paragraph) of each position, ascending: the breaks at or before it
 * (Tokeniser.tokenise), counted in one walk since both ascend.
 */
function unitsOf(positions: number[], breaks: Uint32Array, paragraphs: boolean) {
  const units: number[] = []
  let at = 0
  let unit = 0
  for (const position of positions) {
    while (at < breaks.length && (breaks[at] as number) >>> 1 <= position) {
      if (!paragraphs || (breaks[at] as number) & 1) unit++
      at++
    }
    units.push(unit)
  }
  return units
}

/** Where a WITH or SAME holds in one field: the left side's positions with the right side in its unit. */
function unitPositions(node: Extract<Compiled, { kind: 'sentence' | 'paragraph' }>, field: FieldTokens) {
  const paragraphs = node.kind === 'paragraph'
  const left = sidePositions(node.left, field)
  const right = new Set(unitsOf(sidePositions(node.right, field), field.breaks, paragraphs))
  const units = unitsOf(left, field.breaks, paragraphs)
  return left.filter((_, i) => right.has(units[i] as number))
}

/** Whether a document, as its fields' terms in order and breaks, matches the query; `only`: one field. */
export function holds(node: Compiled, doc: number, fields: FieldTokens[], only?: number): boolean {
  const inScope = only === undefined ? fields : [fields[only] as FieldTokens]
  switch (node.kind) {
    case 'leaf':
      return leafHolds(
        node.leaf,
        inScope.map((field) => field.ids),
      )
    case 'and':
      return node.nodes.every((n) => holds(n, doc, fields, only))
    case 'or':
      return node.nodes.some((n) => holds(n, doc, fields, only))
    case 'not':
      return !holds(node.node, doc, fields, only)
    case 'near':
    case 'sentence':
    case 'paragraph':
      return inScope.some((field) => sidePositions(node, field).length > 0)
    case 'field':
      return holds(node.node, doc, fields, node.field)
    case 'test':
      return node.test(doc)
  }
}

/** The terms that rank the matches: every term a positive leaf names (a truncation's first few). */
export function scoringTerms(file: IndexFile, node: Compiled): string[] {
  switch (node.kind) {
    case 'leaf':
      return node.leaf.alternatives.flatMap((ids) => ids.slice(0, 20)).flatMap((id) => file.termOf(id) ?? [])
    case 'and':
    case 'or':
      return node.nodes.flatMap((n) => scoringTerms(file, n))
    case 'near':
    case 'sentence':
    case 'paragraph':
      return [...scoringTerms(file, node.left), ...scoringTerms(file, node.right)]
    case 'field':
      return scoringTerms(file, node.node)
    default:
      return []
  }
}
