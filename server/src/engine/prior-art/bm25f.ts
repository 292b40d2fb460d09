import { type Bm25fParams, F, FieldNorms, MAX_TF, type ScoredDocument } from './bm25f-fields'
import type { BuiltIndex, ListArrays } from './postings-builder'
import { intersect, seek, union } from './sorted-ids'
import { type Scored, topOf } from './top-k'
import { TOP } from './top-lists'

/** The usual parameters of BM25 over one field. */
const TEXTBOOK = { k1: 1.2, b: 0.75 }

/** A list this many times longer than the documents ranked is searched for them rather than walked whole. */
const LOOK_UP_BELOW = 32
/**
 * ...and this many times longer, searched without reading it whole: one posting read per step of a binary
 * search (about 2 µs each), where the whole of a common word's list at a million patents is 7 MB to read.
 */
const PROBE_BELOW = 8192

/** Top lists as the index reads them: starts and bounds in memory, the documents read per query. */
export type TopSource = {
  ranking: number
  starts: Uint32Array
  bounds: Float32Array
  docs: (from: number, to: number) => Uint32Array
}

/** Posting lists as the index reads them (from a file, or from memory). */
export type PostingLists = {
  /** Term t's postings are [starts[t], starts[t + 1]). */
  starts: Uint32Array
  /** The documents of postings `from` to `to` (exclusive); valid until the next call (it may reuse memory). */
  docs: (from: number, to: number) => Uint32Array
  /**
   * Their impacts under ranking `ranking`: the saturated pseudo-frequency tf / (k1 + tf), 0 to 1; valid
   * until the next call.
   */
  impacts: (ranking: number, from: number, to: number) => Float32Array
}

const listsOf = ({ starts, docs, impacts }: ListArrays): PostingLists => ({
  starts,
  docs: (from, to) => docs.subarray(from, to),
  impacts: (ranking, from, to) => (impacts[ranking] as Float32Array).subarray(from, to),
})

/**
 * A BM25F index over FIELDS, for the rankings it was built for: each term's postings (documents with
 * their impacts), read from a file or from memory, and each document's field lengths.
 */
export class Bm25fIndex {
  readonly size: number
  private readonly vocabulary: Map<string, number>
  private readonly norms: FieldNorms
  private readonly scores: Float32Array
  /** The first stage's title-only scores, made on first use. */
  private titleScores: Float32Array | undefined

  constructor(
    terms: string[],
    /** F lengths per document. */
    lengths: Uint32Array,
    /** The parameters of each ranking the lists hold impacts for. */
    private readonly rankings: readonly Bm25fParams[],
    private readonly all: PostingLists,
    private readonly title: PostingLists,
    private readonly top?: TopSource,
  ) {
    this.vocabulary = new Map(terms.map((term, id) => [term, id]))
    this.norms = new FieldNorms(lengths)
    this.size = this.norms.size
    this.scores = new Float32Array(this.size)
  }

  /** An index over postings held in memory. */
  static inMemory({ terms, lengths, rankings, all, title, top }: BuiltIndex) {
    return new Bm25fIndex(
      terms,
      lengths,
      rankings,
      listsOf(all),
      listsOf(title),
      top && { ...top, docs: (from, to) => top.docs.subarray(from, to) },
    )
  }

  /** A term's id, as documents' terms are held (IndexFile's `fieldTokens`); -1 for an unknown term. */
  termIdOf(term: string) {
    return this.vocabulary.get(term) ?? -1
  }

  /** The documents holding a term (in their title, with `inTitle`), in id order; none for an unknown term. */
  documentsWith(term: string, inTitle = false) {
    const t = this.vocabulary.get(term)
    if (t === undefined) return new Uint32Array(0)
    const lists = inTitle ? this.title : this.all
    return lists.docs(lists.starts[t] as number, lists.starts[t + 1] as number).slice()
  }

  /** How many documents hold the term. */
  documentFrequency(term: string) {
    const t = this.vocabulary.get(term)
    return t === undefined ? 0 : (this.all.starts[t + 1] as number) - (this.all.starts[t] as number)
  }

  /** Robertson's inverse document frequency, never negative. */
  idf(term: string) {
    const df = this.documentFrequency(term)
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5))
  }

  /**
   * What one field alone gives a document for the query: BM25 with that field's weight only; `counts`: how
   * often each term occurs in that field of the document.
   */
  fieldScore(
    query: Map<string, number>,
    counts: Map<string, number>,
    doc: ScoredDocument,
    field: number,
    params: Bm25fParams,
  ) {
    const factor = this.norms.factor(doc, field, params)
    let score = 0
    for (const [term, weight] of query) {
      const tf = Math.min(MAX_TF, counts.get(term) ?? 0)
      if (!tf) continue
      const pseudo = tf * factor
      score += (weight * this.idf(term) * pseudo) / (params.k1 + pseudo)
    }
    return score
  }

  /**
   * Textbook BM25 (k1 1.2, b 0.75) of a document for the query, its fields read as one text: the plain
   * lexical match the reranker's order is fused with (rerank.ts); `counts`: each term's count in the whole
   * document.
   */
  textbookScore(query: Map<string, number>, counts: Map<string, number>, doc: ScoredDocument) {
    const norm =
      TEXTBOOK.k1 *
      (1 -
        TEXTBOOK.b +
        (TEXTBOOK.b * this.norms.documentLength(doc)) / (this.norms.averageDocumentLength || 1))
    let score = 0
    for (const [term, weight] of query) {
      const tf = counts.get(term) ?? 0
      if (tf) score += (weight * this.idf(term) * tf * (TEXTBOOK.k1 + 1)) / (tf + norm)
    }
    return score
  }

  /**
   * BM25F of a document the index does not hold, from its terms counted per field (FIELDS order), as the
   * first stage scores the ones it holds: each term's counts weighed by its fields' factors, saturated.
   */
  scoreOf(query: Map<string, number>, fields: Map<string, number>[], params: Bm25fParams) {
    const lengths = fields.map((counts) => [...counts.values()].reduce((sum, n) => sum + n, 0))
    const factors = Array.from({ length: F }, (_, f) => this.norms.factor(lengths, f, params))
    let score = 0
    for (const [term, weight] of query) {
      let pseudo = 0
      for (let f = 0; f < F; f++)
        pseudo += Math.min(MAX_TF, fields[f]?.get(term) ?? 0) * (factors[f] as number)
      if (pseudo > 0) score += (weight * this.idf(term) * pseudo) / (params.k1 + pseudo)
    }
    return score
  }

  /**
   * The first stage: the `depth` best documents by BM25F, then those of the `titleDepth` best by the title
   * alone that are not among them, each with its BM25F score. A patent whose title says what the input
   * says is a candidate even when its text is worded otherwise. Only documents `allowed` lets through
   * (all when undefined) are candidates.
   */
  candidates(
    query: Map<string, number>,
    params: Bm25fParams,
    depth: number,
    titleDepth: number,
    allowed?: (doc: number) => boolean,
  ) {
    const ranking = this.rankingOf(params)
    this.score(query, ranking, this.all, this.scores)
    this.titleScores ??= new Float32Array(this.size)
    const byTitle = this.titleScores
    this.score(query, ranking, this.title, byTitle)
    if (allowed)
      for (let doc = 0; doc < this.size; doc++)
        if ((this.scores[doc] as number) > 0 && !allowed(doc)) {
          this.scores[doc] = 0
          byTitle[doc] = 0
        }
    const best = topOf(this.scores, depth)
    const taken = new Set(best.map((s) => s.doc))
    return [
      ...best,
      ...topOf(byTitle, titleDepth)
        .filter((s) => !taken.has(s.doc))
        .map((s) => ({ doc: s.doc, score: this.scores[s.doc] as number })),
    ]
  }

  /**
   * The `limit` best of the given documents (ascending ids) for a query of terms with their weights (query
   * counts), best first; those without any query term are left out. The cost is that of the lists and the
   * documents, not of the corpus: the search box ranks its matches, which are few for a rare word. For a
   * common word's matches, the ranking with top lists (top-lists.ts) first ranks only the documents of its
   * terms' top lists, and keeps that answer when the last of it scores above what any other document can:
   * the sum of the terms' bounds. The first page of "method" then costs a thousand postings, not all.
   */
  rank(query: Map<string, number>, params: Bm25fParams, docs: Uint32Array, limit: number): Scored[] {
    const ranking = this.rankingOf(params)
    const top = this.top?.ranking === ranking && limit <= TOP ? this.top : undefined
    if (top) {
      let candidates: Uint32Array = new Uint32Array(0)
      let bound = 0
      for (const [term, weight] of query) {
        const t = this.vocabulary.get(term)
        if (t === undefined) continue
        const from = top.starts[t] as number
        const to = top.starts[t + 1] as number
        const long = (this.all.starts[t + 1] as number) - (this.all.starts[t] as number) > TOP
        // A short list's documents are all candidates; a long one's, its best and the bound on the rest.
        const listed = long ? top.docs(from, to) : this.documentsWith(term)
        candidates = union(candidates, intersect(listed, docs))
        if (long) bound += weight * this.idf(term) * (top.bounds[t] as number)
      }
      const best = this.rankAmong(query, ranking, candidates, limit)
      const last = best[limit - 1]
      // Float32 sums: a margin keeps a document that ties the bound from being passed over.
      if (candidates.length === docs.length || (last && last.score > bound * (1 + 1e-5) + 1e-6)) return best
    }
    return this.rankAmong(query, ranking, docs, limit)
  }

  /** `rank` by every posting of the query's terms beside the documents. */
  private rankAmong(query: Map<string, number>, ranking: number, docs: Uint32Array, limit: number): Scored[] {
    const looked = new Float32Array(docs.length)
    let added = false
    for (const [term, weight] of query) {
      const t = this.vocabulary.get(term)
      if (t === undefined) continue
      const from = this.all.starts[t] as number
      const to = this.all.starts[t + 1] as number
      if (from === to) continue
      const factor = weight * this.idf(term)
      if (docs.length * PROBE_BELOW < to - from) {
        let at = from
        for (let j = 0; j < docs.length; j++) {
          at = probe(this.all, at, to, docs[j] as number)
          if (at < to && this.all.docs(at, at + 1)[0] === docs[j])
            looked[j] = (looked[j] as number) + factor * (this.all.impacts(ranking, at, at + 1)[0] as number)
        }
        continue
      }
      const postings = this.all.docs(from, to)
      const impacts = this.all.impacts(ranking, from, to)
      if (docs.length * LOOK_UP_BELOW < postings.length) {
        let at = 0
        for (let j = 0; j < docs.length && at < postings.length; j++) {
          at = seek(postings, docs[j] as number, at)
          if (postings[at] === docs[j]) looked[j] = (looked[j] as number) + factor * (impacts[at] as number)
        }
      } else {
        if (!added) this.scores.fill(0)
        added = true
        addImpacts(this.scores, postings, impacts, factor)
      }
    }
    if (added) gatherScores(looked, this.scores, docs)
    // Ranked by position among `docs`: ascending ids, so ties fall to the lower id as everywhere.
    return topOf(looked, limit).map(({ doc, score }) => ({ doc: docs[doc] as number, score }))
  }

  private rankingOf(params: Bm25fParams) {
    const ranking = this.rankings.indexOf(params)
    if (ranking < 0) throw new Error('the index was not built for these BM25F parameters')
    return ranking
  }

  /** Every document's score for the query from one set of lists into `scores`: a product per posting. */
  private score(query: Map<string, number>, ranking: number, lists: PostingLists, scores: Float32Array) {
    scores.fill(0)
    for (const [term, weight] of query) {
      const t = this.vocabulary.get(term)
      if (t === undefined) continue
      const from = lists.starts[t] as number
      const to = lists.starts[t + 1] as number
      if (from === to) continue
      addImpacts(scores, lists.docs(from, to), lists.impacts(ranking, from, to), weight * this.idf(term))
    }
  }
}

/** The first posting from `from` (below `to`) whose document is at least `doc`: a binary search. */
function probe(lists: PostingLists, from: number, to: number, doc: number) {
  let low = from
  let high = to
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((lists.docs(middle, middle + 1)[0] as number) < doc) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Adds a term's postings to the documents' scores. This and the next are loops of their own, which V8
 * compiles for these arrays alone: inside the callers' loops they ran several times slower ("method
 * system" at a million patents: 19 ms against 3 for the additions).
 */
function addImpacts(scores: Float32Array, postings: Uint32Array, impacts: Float32Array, factor: number) {
  for (let i = 0; i < postings.length; i++) {
    const doc = postings[i] as number
    scores[doc] = (scores[doc] as number) + factor * (impacts[i] as number)
  }
}

/** Adds to each of `docs`' entries in `looked` the document's entry in `scores`. */
function gatherScores(looked: Float32Array, scores: Float32Array, docs: Uint32Array) {
  for (let j = 0; j < docs.length; j++)
    looked[j] = (looked[j] as number) + (scores[docs[j] as number] as number)
}
