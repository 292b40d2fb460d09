import { intersect, seek, union } from './sorted-ids'
import { Tokeniser } from './tokeniser'
import { buildTopLists, TOP, type TopLists } from './top-lists'

/** The fields of a patent the index holds, in this order. */
export const FIELDS = ['title', 'abstract', 'claims', 'description'] as const
export type FieldTexts = Record<(typeof FIELDS)[number], string>
const F = FIELDS.length
const TITLE = FIELDS.indexOf('title')
/** A list this many times longer than the documents ranked is searched for them rather than walked whole. */
const LOOK_UP_BELOW = 32
/** Counts of a term in one field stop here: BM25 has long saturated, and a byte per count halves the postings. */
const MAX_TF = 255

export type Bm25fParams = {
  /** How much a term counts in each field, FIELDS order. */
  weights: readonly number[]
  /** Length normalisation per field, FIELDS order. */
  b: readonly number[]
  k1: number
}

/** A typed array that grows by doubling, for building postings without a number per JavaScript slot. */
class Growable<T extends Uint32Array | Uint8Array> {
  length = 0
  constructor(
    public data: T,
    private readonly make: (size: number) => T,
  ) {}
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length++] = value
  }
  trimmed() {
    return this.data.subarray(0, this.length) as T
  }
}

const uint32 = (size: number) => new Uint32Array(size)
const uint8 = (size: number) => new Uint8Array(size)

/**
 * Collects documents, then sorts their postings by term once (a counting sort): documents arrive in id
 * order, so each term's postings come out sorted by document.
 */
export class Bm25fBuilder {
  private readonly postingTerms = new Growable(uint32(1 << 16), uint32)
  private readonly postingDocs = new Growable(uint32(1 << 16), uint32)
  private readonly postingTfs = new Growable(uint8(1 << 18), uint8)
  private readonly lengths = new Growable(uint32(1 << 12), uint32)
  // Per-document scratch: a term's slot among the document's terms, or -1.
  private slotOf = new Int32Array(1 << 16).fill(-1)
  private count = 0

  constructor(
    /** Numbers the terms of the texts added; a build whose texts a thread tokenises teaches it the terms. */
    readonly tokeniser = new Tokeniser(),
  ) {}

  /** Adds a document (ids 0, 1, 2… in the order added); answers each field's terms as ids, in order. */
  add(texts: FieldTexts) {
    return this.addIds(FIELDS.map((field) => this.tokeniser.idsOf(texts[field])))
  }

  /** Adds a document as its fields' term ids, in FIELDS order, numbered by `tokeniser`; answers them. */
  addIds(sequences: Uint32Array[]) {
    const doc = this.count++
    const slots: number[] = []
    const tfs: number[] = []
    sequences.forEach((ids, f) => {
      this.lengths.push(ids.length)
      for (const term of ids) {
        if (term >= this.slotOf.length) this.growSlots(term)
        let slot = this.slotOf[term] as number
        if (slot < 0) {
          slot = slots.length
          this.slotOf[term] = slot
          slots.push(term)
          tfs.push(0, 0, 0, 0)
        }
        const at = slot * F + f
        tfs[at] = Math.min(MAX_TF, (tfs[at] as number) + 1)
      }
    })
    slots.forEach((term, slot) => {
      this.postingTerms.push(term)
      this.postingDocs.push(doc)
      for (let f = 0; f < F; f++) this.postingTfs.push(tfs[slot * F + f] as number)
      this.slotOf[term] = -1
    })
    return sequences
  }

  private growSlots(term: number) {
    let size = this.slotOf.length
    while (size <= term) size *= 2
    const bigger = new Int32Array(size).fill(-1)
    bigger.set(this.slotOf)
    this.slotOf = bigger
  }

  /**
   * The postings sorted by term (term t's are [starts[t], starts[t + 1])), the terms in id order, and each
   * posting's impact under each ranking: the index is built for the parameters it will be queried with,
   * so that a query adds one product per posting (docs/decisions/0028).
   */
  build(rankings: readonly Bm25fParams[], topListed?: Bm25fParams): BuiltIndex {
    const vocabulary = this.tokeniser.terms.length
    const terms = this.postingTerms.trimmed()
    const docs = this.postingDocs.trimmed()
    const tfs = this.postingTfs.trimmed()
    const lengths = this.lengths.trimmed().slice()
    const starts = new Uint32Array(vocabulary + 1)
    for (const term of terms) (starts[term + 1] as number)++
    for (let t = 0; t < vocabulary; t++) starts[t + 1] = (starts[t + 1] as number) + (starts[t] as number)
    const next = starts.slice(0, -1)
    const sortedDocs = new Uint32Array(docs.length)
    const sortedTfs = new Uint8Array(tfs.length)
    for (let i = 0; i < terms.length; i++) {
      const at = (next[terms[i] as number] as number)++
      sortedDocs[at] = docs[i] as number
      sortedTfs.set(tfs.subarray(i * F, i * F + F), at * F)
    }
    const norms = new FieldNorms(lengths)
    const factors = rankings.map((params) => norms.factors(params))
    const impacts = rankings.map(() => new Float32Array(sortedDocs.length))
    // The title's own lists: the postings whose title holds the term.
    const titleStarts = new Uint32Array(starts.length)
    for (let t = 0; t < vocabulary; t++) {
      let held = 0
      for (let at = starts[t] as number; at < (starts[t + 1] as number); at++)
        if (sortedTfs[at * F + TITLE]) held++
      titleStarts[t + 1] = (titleStarts[t] as number) + held
    }
    const titleDocs = new Uint32Array(titleStarts[vocabulary] as number)
    const titleImpacts = rankings.map(() => new Float32Array(titleDocs.length))
    let titled = 0
    for (let at = 0; at < sortedDocs.length; at++) {
      const doc = sortedDocs[at] as number
      const title = sortedTfs[at * F + TITLE] as number
      rankings.forEach(({ k1 }, r) => {
        const fieldFactors = factors[r] as Float64Array
        let tf = 0
        for (let f = 0; f < F; f++)
          tf += (sortedTfs[at * F + f] as number) * (fieldFactors[doc * F + f] as number)
        ;(impacts[r] as Float32Array)[at] = tf / (k1 + tf)
        if (title) {
          const part = title * (fieldFactors[doc * F + TITLE] as number)
          ;(titleImpacts[r] as Float32Array)[titled] = part / (k1 + part)
        }
      })
      if (title) titleDocs[titled++] = doc
    }
    const topRanking = topListed ? rankings.indexOf(topListed) : -1
    return {
      terms: [...this.tokeniser.terms],
      lengths,
      rankings,
      all: { starts, docs: sortedDocs, impacts },
      title: { starts: titleStarts, docs: titleDocs, impacts: titleImpacts },
      top:
        topRanking < 0
          ? undefined
          : {
              ranking: topRanking,
              ...buildTopLists(starts, sortedDocs, impacts[topRanking] as Float32Array),
            },
    }
  }
}

/** Posting lists held in memory: term t's are [starts[t], starts[t + 1]); each ranking's impact per posting. */
export type ListArrays = { starts: Uint32Array; docs: Uint32Array; impacts: Float32Array[] }
export type BuiltIndex = {
  /** Each term, by id. */
  terms: string[]
  /** F lengths per document. */
  lengths: Uint32Array
  /** The parameters the impacts were computed for, in their order. */
  rankings: readonly Bm25fParams[]
  /** Every posting. */
  all: ListArrays
  /** The postings whose title holds the term, with the title's part alone as their impact. */
  title: ListArrays
  /** The long lists' best postings under one ranking (top-lists.ts), when built for one. */
  top?: TopLists & { ranking: number }
}

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

export type Scored = { doc: number; score: number }

/** Each document's length normalisation per field, from the field lengths. */
class FieldNorms {
  readonly size: number
  private readonly averageLength: number[]

  constructor(private readonly lengths: Uint32Array) {
    this.size = lengths.length / F
    this.averageLength = FIELDS.map((_, f) => {
      let sum = 0
      for (let d = 0; d < this.size; d++) sum += lengths[d * F + f] as number
      return this.size === 0 ? 0 : sum / this.size
    })
  }

  /** A field's weight over its length normalisation: a count times this is its part of the pseudo-frequency. */
  factor(doc: number, f: number, params: Bm25fParams) {
    const b = params.b[f] as number
    const norm =
      1 - b + (b * (this.lengths[doc * F + f] as number)) / ((this.averageLength[f] as number) || 1)
    return (params.weights[f] as number) / norm
  }

  /** Every document's factors, F per document. */
  factors(params: Bm25fParams) {
    const factors = new Float64Array(this.size * F)
    for (let doc = 0; doc < this.size; doc++)
      for (let f = 0; f < F; f++) factors[doc * F + f] = this.factor(doc, f, params)
    return factors
  }
}

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

  /** A term's id, as documents' terms are held (IndexFile's `fieldIds`); -1 for an unknown term. */
  termIdOf(term: string) {
    return this.vocabulary.get(term) ?? -1
  }

  /** The documents holding a term, in id order; none for an unknown term. */
  documentsWith(term: string) {
    const t = this.vocabulary.get(term)
    if (t === undefined) return new Uint32Array(0)
    return this.all.docs(this.all.starts[t] as number, this.all.starts[t + 1] as number).slice()
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
    doc: number,
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
   * The first stage: the `depth` best documents by BM25F, then those of the `titleDepth` best by the title
   * alone that are not among them, each with its BM25F score. A patent whose title says what the input
   * says is a candidate even when its text is worded otherwise.
   */
  candidates(query: Map<string, number>, params: Bm25fParams, depth: number, titleDepth: number) {
    const ranking = this.rankingOf(params)
    this.score(query, ranking, this.all, this.scores)
    this.titleScores ??= new Float32Array(this.size)
    const byTitle = this.titleScores
    this.score(query, ranking, this.title, byTitle)
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
      const postings = this.all.docs(from, to)
      const impacts = this.all.impacts(ranking, from, to)
      const factor = weight * this.idf(term)
      if (docs.length * LOOK_UP_BELOW < postings.length) {
        let at = 0
        for (let j = 0; j < docs.length && at < postings.length; j++) {
          at = seek(postings, docs[j] as number, at)
          if (postings[at] === docs[j]) looked[j] = (looked[j] as number) + factor * (impacts[at] as number)
        }
      } else {
        if (!added) this.scores.fill(0)
        added = true
        for (let i = 0; i < postings.length; i++) {
          const doc = postings[i] as number
          this.scores[doc] = (this.scores[doc] as number) + factor * (impacts[i] as number)
        }
      }
    }
    if (added)
      for (let j = 0; j < docs.length; j++)
        looked[j] = (looked[j] as number) + (this.scores[docs[j] as number] as number)
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
      const docs = lists.docs(from, to)
      const impacts = lists.impacts(ranking, from, to)
      const factor = weight * this.idf(term)
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number
        scores[doc] = (scores[doc] as number) + factor * (impacts[i] as number)
      }
    }
  }
}

/** A field's index in FIELDS. */
export const fieldIndex = (field: (typeof FIELDS)[number]) => FIELDS.indexOf(field)

/** The `limit` highest positive scores, best first (ties by index), through a bounded min-heap. */
function topOf(scores: Float32Array, limit: number): Scored[] {
  const heap: Scored[] = []
  const worse = (a: Scored, b: Scored) => a.score < b.score || (a.score === b.score && a.doc > b.doc)
  const siftDown = (from: number) => {
    let i = from
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let least = i
      if (left < heap.length && worse(heap[left] as Scored, heap[least] as Scored)) least = left
      if (right < heap.length && worse(heap[right] as Scored, heap[least] as Scored)) least = right
      if (least === i) return
      ;[heap[i], heap[least]] = [heap[least] as Scored, heap[i] as Scored]
      i = least
    }
  }
  for (let doc = 0; doc < scores.length; doc++) {
    const score = scores[doc] as number
    if (score <= 0) continue
    if (heap.length < limit) {
      heap.push({ doc, score })
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >>> 1
        if (!worse(heap[i] as Scored, heap[parent] as Scored)) break
        ;[heap[i], heap[parent]] = [heap[parent] as Scored, heap[i] as Scored]
        i = parent
      }
    } else if (limit > 0 && score > (heap[0] as Scored).score) {
      // Documents come in ascending order: one of equal score is the worse, so only a higher score enters.
      heap[0] = { doc, score }
      siftDown(0)
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0))
}
