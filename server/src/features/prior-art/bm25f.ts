import { termsOf } from './terms'

/** The fields of a patent the index holds, in this order. */
export const FIELDS = ['title', 'abstract', 'claims', 'description'] as const
export type FieldTexts = Record<(typeof FIELDS)[number], string>
const F = FIELDS.length
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
  private readonly vocabulary = new Map<string, number>()
  private readonly postingTerms = new Growable(uint32(1 << 16), uint32)
  private readonly postingDocs = new Growable(uint32(1 << 16), uint32)
  private readonly postingTfs = new Growable(uint8(1 << 18), uint8)
  private readonly lengths = new Growable(uint32(1 << 12), uint32)
  // Per-document scratch: a term's slot among the document's terms, or -1.
  private slotOf = new Int32Array(1 << 16).fill(-1)
  private count = 0

  /** Adds a document; answers its id (0, 1, 2… in the order added). */
  add(texts: FieldTexts) {
    const doc = this.count++
    const slots: number[] = []
    const tfs: number[] = []
    FIELDS.forEach((field, f) => {
      const terms = termsOf(texts[field])
      this.lengths.push(terms.length)
      for (const text of terms) {
        const term = this.termId(text)
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
    return doc
  }

  private termId(text: string) {
    let id = this.vocabulary.get(text)
    if (id === undefined) {
      id = this.vocabulary.size
      this.vocabulary.set(text, id)
      if (id >= this.slotOf.length) {
        const bigger = new Int32Array(this.slotOf.length * 2).fill(-1)
        bigger.set(this.slotOf)
        this.slotOf = bigger
      }
    }
    return id
  }

  build() {
    const terms = this.postingTerms.trimmed()
    const docs = this.postingDocs.trimmed()
    const tfs = this.postingTfs.trimmed()
    const starts = new Uint32Array(this.vocabulary.size + 1)
    for (const term of terms) (starts[term + 1] as number)++
    for (let t = 0; t < this.vocabulary.size; t++)
      starts[t + 1] = (starts[t + 1] as number) + (starts[t] as number)
    const next = starts.slice(0, -1)
    const sortedDocs = new Uint32Array(docs.length)
    const sortedTfs = new Uint8Array(tfs.length)
    for (let i = 0; i < terms.length; i++) {
      const at = (next[terms[i] as number] as number)++
      sortedDocs[at] = docs[i] as number
      sortedTfs.set(tfs.subarray(i * F, i * F + F), at * F)
    }
    return new Bm25fIndex(this.vocabulary, starts, sortedDocs, sortedTfs, this.lengths.trimmed().slice())
  }
}

export type Scored = { doc: number; score: number }

/** A BM25F index over FIELDS: postings with per-field counts, and each document's field lengths. */
export class Bm25fIndex {
  readonly size: number
  private readonly averageLength: number[]
  private readonly scores: Float32Array

  constructor(
    private readonly vocabulary: Map<string, number>,
    /** Term t's postings are [starts[t], starts[t + 1]). */
    private readonly starts: Uint32Array,
    private readonly docs: Uint32Array,
    /** F counts per posting. */
    private readonly tfs: Uint8Array,
    /** F lengths per document. */
    private readonly lengths: Uint32Array,
  ) {
    this.size = lengths.length / F
    this.averageLength = FIELDS.map((_, f) => {
      let sum = 0
      for (let d = 0; d < this.size; d++) sum += lengths[d * F + f] as number
      return this.size === 0 ? 0 : sum / this.size
    })
    this.scores = new Float32Array(this.size)
  }

  /** How many documents hold the term. */
  documentFrequency(term: string) {
    const t = this.vocabulary.get(term)
    return t === undefined ? 0 : (this.starts[t + 1] as number) - (this.starts[t] as number)
  }

  /** Robertson's inverse document frequency, never negative. */
  idf(term: string) {
    const df = this.documentFrequency(term)
    return Math.log(1 + (this.size - df + 0.5) / (df + 0.5))
  }

  /** A term's per-field counts in a document, or undefined when the document does not hold it. */
  counts(term: string, doc: number) {
    const t = this.vocabulary.get(term)
    if (t === undefined) return undefined
    let low = this.starts[t] as number
    let high = (this.starts[t + 1] as number) - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const found = this.docs[middle] as number
      if (found === doc) return this.tfs.subarray(middle * F, middle * F + F)
      if (found < doc) low = middle + 1
      else high = middle - 1
    }
    return undefined
  }

  /** The saturated, length-normalised pseudo-frequency of a term in a document, from its field counts. */
  private pseudoFrequency(tfs: Uint8Array, at: number, doc: number, params: Bm25fParams) {
    let sum = 0
    for (let f = 0; f < F; f++) {
      const tf = tfs[at + f] as number
      if (tf === 0) continue
      const b = params.b[f] as number
      const norm =
        1 - b + (b * (this.lengths[doc * F + f] as number)) / ((this.averageLength[f] as number) || 1)
      sum += ((params.weights[f] as number) * tf) / norm
    }
    return sum
  }

  /** What one field alone gives a document for the query: BM25 with that field's weight only. */
  fieldScore(query: Map<string, number>, doc: number, field: number, params: Bm25fParams) {
    const single = new Uint8Array(F)
    let score = 0
    for (const [term, weight] of query) {
      const tf = this.counts(term, doc)?.[field]
      if (!tf) continue
      single[field] = tf
      const pseudo = this.pseudoFrequency(single, 0, doc, params)
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
    const title = fieldIndex('title')
    const titleOnly = { ...params, weights: params.weights.map((w, f) => (f === title ? w : 0)) }
    const byTitle = this.search(query, titleOnly, titleDepth)
    // Searched last, so that the scores left in `this.scores` are every document's BM25F score.
    const best = this.search(query, params, depth)
    const taken = new Set(best.map((s) => s.doc))
    return [
      ...best,
      ...byTitle
        .filter((s) => !taken.has(s.doc))
        .map((s) => ({ doc: s.doc, score: this.scores[s.doc] as number })),
    ]
  }

  /** The `limit` best documents for a query of terms with their weights (query counts), best first. */
  search(query: Map<string, number>, params: Bm25fParams, limit: number, accept?: (doc: number) => boolean) {
    const scores = this.scores
    scores.fill(0)
    for (const [term, weight] of query) {
      const t = this.vocabulary.get(term)
      if (t === undefined) continue
      const factor = weight * this.idf(term)
      const end = this.starts[t + 1] as number
      for (let i = this.starts[t] as number; i < end; i++) {
        const doc = this.docs[i] as number
        const tf = this.pseudoFrequency(this.tfs, i * F, doc, params)
        scores[doc] = (scores[doc] as number) + (factor * tf) / (params.k1 + tf)
      }
    }
    return topOf(scores, limit, accept)
  }
}

/** A field's index in FIELDS. */
export const fieldIndex = (field: (typeof FIELDS)[number]) => FIELDS.indexOf(field)

/** The `limit` highest positive scores, best first (ties by document id), through a bounded min-heap. */
function topOf(scores: Float32Array, limit: number, accept?: (doc: number) => boolean): Scored[] {
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
    if (score <= 0 || (accept && !accept(doc))) continue
    const entry = { doc, score }
    if (heap.length < limit) {
      heap.push(entry)
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >>> 1
        if (!worse(heap[i] as Scored, heap[parent] as Scored)) break
        ;[heap[i], heap[parent]] = [heap[parent] as Scored, heap[i] as Scored]
        i = parent
      }
    } else if (limit > 0 && worse(heap[0] as Scored, entry)) {
      heap[0] = entry
      siftDown(0)
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0))
}
