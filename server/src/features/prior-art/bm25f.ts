import { termsOf } from '~/shared/terms'

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

  /** Adds a document (ids 0, 1, 2… in the order added); answers each field's terms as ids, in order. */
  add(texts: FieldTexts) {
    const doc = this.count++
    const slots: number[] = []
    const tfs: number[] = []
    const sequences = FIELDS.map((field, f) => {
      const terms = termsOf(texts[field])
      this.lengths.push(terms.length)
      const ids = new Uint32Array(terms.length)
      terms.forEach((text, i) => {
        const term = this.termId(text)
        ids[i] = term
        let slot = this.slotOf[term] as number
        if (slot < 0) {
          slot = slots.length
          this.slotOf[term] = slot
          slots.push(term)
          tfs.push(0, 0, 0, 0)
        }
        const at = slot * F + f
        tfs[at] = Math.min(MAX_TF, (tfs[at] as number) + 1)
      })
      return ids
    })
    slots.forEach((term, slot) => {
      this.postingTerms.push(term)
      this.postingDocs.push(doc)
      for (let f = 0; f < F; f++) this.postingTfs.push(tfs[slot * F + f] as number)
      this.slotOf[term] = -1
    })
    return sequences
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

  /** The postings sorted by term: term t's are [starts[t], starts[t + 1]); the terms in id order. */
  build(): BuiltIndex {
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
    return {
      terms: [...this.vocabulary.keys()],
      starts,
      docs: sortedDocs,
      tfs: sortedTfs,
      lengths: this.lengths.trimmed().slice(),
    }
  }
}

export type Postings = { docs: Uint32Array; tfs: Uint8Array }
export type BuiltIndex = Postings & {
  /** Each term, by id. */
  terms: string[]
  starts: Uint32Array
  /** F lengths per document. */
  lengths: Uint32Array
}

export type Scored = { doc: number; score: number }

/**
 * A BM25F index over FIELDS: each term's postings (documents with per-field counts), read through
 * `read` (from a file, or from memory), and each document's field lengths.
 */
export class Bm25fIndex {
  readonly size: number
  private readonly vocabulary: Map<string, number>
  private readonly averageLength: number[]
  private readonly scores: Float32Array
  private readonly factors = new Map<Bm25fParams, Float64Array>()
  /** The first stage's title-only scores, made on first use. */
  private titleScores: Float32Array | undefined

  constructor(
    terms: string[],
    /** Term t's postings are [starts[t], starts[t + 1]). */
    private readonly starts: Uint32Array,
    /** F lengths per document. */
    private readonly lengths: Uint32Array,
    /** Postings `from` to `to` (exclusive), F counts each. */
    private readonly read: (from: number, to: number) => Postings,
  ) {
    this.vocabulary = new Map(terms.map((term, id) => [term, id]))
    this.size = lengths.length / F
    this.averageLength = FIELDS.map((_, f) => {
      let sum = 0
      for (let d = 0; d < this.size; d++) sum += lengths[d * F + f] as number
      return this.size === 0 ? 0 : sum / this.size
    })
    this.scores = new Float32Array(this.size)
  }

  /** An index over postings held in memory. */
  static inMemory({ terms, starts, lengths, docs, tfs }: BuiltIndex) {
    return new Bm25fIndex(terms, starts, lengths, (from, to) => ({
      docs: docs.subarray(from, to),
      tfs: tfs.subarray(from * F, to * F),
    }))
  }

  /** The documents holding a term, in id order, with their per-field counts; none for an unknown term. */
  postings(term: string): Postings {
    const t = this.vocabulary.get(term)
    if (t === undefined) return { docs: new Uint32Array(0), tfs: new Uint8Array(0) }
    return this.read(this.starts[t] as number, this.starts[t + 1] as number)
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

  /** The saturated, length-normalised pseudo-frequency of a term in a document, from its field counts. */
  private pseudoFrequency(tfs: Uint8Array, at: number, doc: number, params: Bm25fParams) {
    const factors = this.fieldFactors(params)
    let sum = 0
    for (let f = 0; f < F; f++) sum += (tfs[at + f] as number) * (factors[doc * F + f] as number)
    return sum
  }

  /**
   * Each document's per-field weight over its length normalisation, F per document: a count times this is
   * its part of the pseudo-frequency. Made once per set of parameters (they are constants), since the
   * division per posting was most of a long query's time.
   */
  private fieldFactors(params: Bm25fParams) {
    let factors = this.factors.get(params)
    if (!factors) {
      factors = new Float64Array(this.size * F)
      for (let doc = 0; doc < this.size; doc++)
        for (let f = 0; f < F; f++) {
          const b = params.b[f] as number
          const norm =
            1 - b + (b * (this.lengths[doc * F + f] as number)) / ((this.averageLength[f] as number) || 1)
          factors[doc * F + f] = (params.weights[f] as number) / norm
        }
      this.factors.set(params, factors)
    }
    return factors
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
    const single = new Uint8Array(F)
    let score = 0
    for (const [term, weight] of query) {
      const tf = Math.min(MAX_TF, counts.get(term) ?? 0)
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
    this.titleScores ??= new Float32Array(this.size)
    const byTitle = this.titleScores
    this.score(query, params, byTitle)
    const best = topOf(this.scores, depth)
    const taken = new Set(best.map((s) => s.doc))
    return [
      ...best,
      ...topOf(byTitle, titleDepth)
        .filter((s) => !taken.has(s.doc))
        .map((s) => ({ doc: s.doc, score: this.scores[s.doc] as number })),
    ]
  }

  /** The `limit` best documents for a query of terms with their weights (query counts), best first. */
  search(query: Map<string, number>, params: Bm25fParams, limit: number, accept?: (doc: number) => boolean) {
    this.score(query, params)
    return topOf(this.scores, limit, accept)
  }

  /**
   * Every document's BM25F score for the query into `scores`, and, when `byTitle` is given, its score by
   * the title alone there: one pass over the postings for both, since the title's part of the
   * pseudo-frequency is the title-only ranking's whole.
   */
  private score(query: Map<string, number>, params: Bm25fParams, byTitle?: Float32Array) {
    const title = fieldIndex('title')
    const factors = this.fieldFactors(params)
    const scores = this.scores
    scores.fill(0)
    byTitle?.fill(0)
    for (const [term, weight] of query) {
      const { docs, tfs } = this.postings(term)
      const factor = weight * this.idf(term)
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number
        const titlePart = (tfs[i * F + title] as number) * (factors[doc * F + title] as number)
        let tf = titlePart
        for (let f = 0; f < F; f++)
          if (f !== title) tf += (tfs[i * F + f] as number) * (factors[doc * F + f] as number)
        scores[doc] = (scores[doc] as number) + (factor * tf) / (params.k1 + tf)
        if (byTitle && titlePart > 0)
          byTitle[doc] = (byTitle[doc] as number) + (factor * titlePart) / (params.k1 + titlePart)
      }
    }
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
