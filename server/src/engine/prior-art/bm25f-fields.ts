/**
 * What BM25F (docs/decisions/0028) knows of a patent's fields: which they are, the parameters of a ranking, and
 * each document's length normalisation per field.
 */
/** The fields of a patent the index holds, in this order. */
export const FIELDS = ['title', 'abstract', 'claims', 'description'] as const
export type FieldTexts = Record<(typeof FIELDS)[number], string>
export const F = FIELDS.length
export const TITLE = FIELDS.indexOf('title')
/** Counts of a term in one field stop here: BM25 has long saturated, and a byte per count halves the postings. */
export const MAX_TF = 255

export type Bm25fParams = {
  /** How much a term counts in each field, FIELDS order. */
  weights: readonly number[]
  /** Length normalisation per field, FIELDS order. */
  b: readonly number[]
  k1: number
}

/**
 * A document as the scores read it: its id in the index, or the terms per field (FIELDS order) of one the
 * index does not hold (a live source's patent, ranked beside the corpus's).
 */
export type ScoredDocument = number | readonly number[]

/** Each document's length normalisation per field, from the field lengths. */
export class FieldNorms {
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

  /** A field's length in terms. */
  private lengthOf(doc: ScoredDocument, f: number) {
    return typeof doc === 'number' ? (this.lengths[doc * F + f] as number) : (doc[f] ?? 0)
  }

  /** A document's length in terms, its fields together. */
  documentLength(doc: ScoredDocument) {
    let length = 0
    for (let f = 0; f < F; f++) length += this.lengthOf(doc, f)
    return length
  }

  /** The average document length in terms, fields together. */
  get averageDocumentLength() {
    return this.averageLength.reduce((sum, length) => sum + length, 0)
  }

  /** A field's weight over its length normalisation: a count times this is its part of the pseudo-frequency. */
  factor(doc: ScoredDocument, f: number, params: Bm25fParams) {
    const b = params.b[f] as number
    const norm = 1 - b + (b * this.lengthOf(doc, f)) / ((this.averageLength[f] as number) || 1)
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

/** A field's index in FIELDS. */
export const fieldIndex = (field: (typeof FIELDS)[number]) => FIELDS.indexOf(field)
