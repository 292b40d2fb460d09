import { type Bm25fParams, F, FIELDS, FieldNorms, type FieldTexts, MAX_TF, TITLE } from './bm25f-fields'
import { Tokeniser } from './tokeniser'
import { buildTopLists, type TopLists } from './top-lists'

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
