import { describe, expect, it } from 'vitest'
import { termCounts, termsOf } from '~/shared/terms'
import { Bm25fIndex } from './bm25f'
import { type Bm25fParams, FIELDS, type FieldTexts } from './bm25f-fields'
import { Bm25fBuilder } from './postings-builder'

const params: Bm25fParams = { weights: [3, 1, 1, 1], b: [0.75, 0.75, 0.75, 0.75], k1: 1.2 }
const noTitle = { ...params, weights: [0, 1, 1, 1] }
const byText = { ...params, weights: [0.1, 1, 1, 1] }
const doc = (fields: Partial<FieldTexts>): FieldTexts => ({
  title: '',
  abstract: '',
  claims: '',
  description: '',
  ...fields,
})

/** BM25F as its definition reads, term by term from the texts: what the index's precomputed impacts must give. */
function bm25f(docs: FieldTexts[], query: string, doc: number, { weights, b, k1 }: Bm25fParams) {
  const lengths = docs.map((d) => FIELDS.map((field) => termsOf(d[field]).length))
  const average = FIELDS.map((_, f) => lengths.reduce((sum, l) => sum + (l[f] as number), 0) / docs.length)
  let score = 0
  for (const term of new Set(termsOf(query))) {
    const df = docs.filter((d) => FIELDS.some((field) => termsOf(d[field]).includes(term))).length
    const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5))
    let tf = 0
    FIELDS.forEach((field, f) => {
      const count = termsOf((docs[doc] as FieldTexts)[field]).filter((t) => t === term).length
      const norm =
        1 -
        (b[f] as number) +
        ((b[f] as number) * ((lengths[doc] as number[])[f] as number)) / (average[f] as number)
      tf += ((weights[f] as number) * count) / norm
    })
    score += (idf * tf) / (k1 + tf)
  }
  return score
}

/** Every document of the index ranked for the query. */
const rankAll = (index: Bm25fIndex, query: Map<string, number>, ranking: Bm25fParams, limit: number) =>
  index.rank(
    query,
    ranking,
    Uint32Array.from({ length: index.size }, (_, doc) => doc),
    limit,
  )

function indexOf(docs: FieldTexts[]) {
  const builder = new Bm25fBuilder()
  for (const d of docs) builder.add(d)
  return Bm25fIndex.inMemory(builder.build([params, noTitle, byText]))
}

describe('BM25F index', () => {
  const index = indexOf([
    doc({ title: 'Bicycle helmet', description: 'A shell of foam protects the head of a rider.' }),
    doc({ title: 'Gearbox', description: 'A helmet may be worn while servicing the gearbox of a bicycle.' }),
    doc({ title: 'Battery pack', claims: 'A battery pack comprising cells and a cooling plate.' }),
    doc({ title: 'Kettle', abstract: 'An electric kettle with a thermostat.' }),
  ])

  it("holds a text's terms as termsOf gives them: stopwords, bare numbers, digits with letters, inflections", () => {
    const texts = [
      'The 3D printer prints 12345 layers; the printers PRINTED 12345 more at 0.5 mm, a 5G link.',
      'Printing 3d layers: 12345 and 67890 of THE printer, in a 5g mesh.',
    ]
    const builder = new Bm25fBuilder()
    const held = texts.map((description) => builder.add(doc({ description }))[FIELDS.indexOf('description')])
    const { terms } = builder.build([params])
    held.forEach((ids, i) => {
      expect([...(ids as Uint32Array)].map((id) => terms[id])).toEqual(termsOf(texts[i] as string))
    })
  })

  it('weighs each field as told: the title above the text at 3, below it at 0', () => {
    const titled = indexOf([
      doc({ title: 'Bicycle helmet', description: 'A shell of foam around the head.' }),
      doc({ title: 'Gearbox', description: 'Bicycle helmet.' }),
    ])
    const query = termCounts('bicycle helmet')
    expect(rankAll(titled, query, params, 10).map((r) => r.doc)).toEqual([0, 1])
    expect(rankAll(titled, query, noTitle, 10).map((r) => r.doc)).toEqual([1])
  })

  it('scores every document as BM25F defines it, and only for the parameters it was built for', () => {
    const docs = [
      doc({
        title: 'Bicycle helmet',
        abstract: 'A helmet.',
        description: 'A shell of foam protects the head.',
      }),
      doc({
        title: 'Gearbox',
        claims: 'A gearbox for a bicycle.',
        description: 'A helmet is worn while riding.',
      }),
      doc({ title: 'Helmet visor', description: 'A visor of a helmet, a helmet for a bicycle rider.' }),
    ]
    const built = indexOf(docs)
    for (const ranking of [params, byText])
      for (const hit of rankAll(built, termCounts('bicycle helmet'), ranking, 10))
        expect(hit.score).toBeCloseTo(bm25f(docs, 'bicycle helmet', hit.doc, ranking), 5)
    expect(rankAll(built, termCounts('bicycle helmet'), params, 10)).toHaveLength(3)
    expect(() => rankAll(built, termCounts('helmet'), { ...params }, 10)).toThrow(/not built for/)
  })

  it('scores a few documents against long lists as it scores them all', () => {
    const many = indexOf(
      Array.from({ length: 20_000 }, (_, i) =>
        doc({ title: i % 7 ? 'Helmet' : 'Bicycle helmet', description: 'helmet '.repeat(1 + (i % 5)) }),
      ),
    )
    const query = termCounts('bicycle helmet')
    const all = new Map(rankAll(many, query, params, 20_000).map((r) => [r.doc, r.score]))
    // Against lists of 20,000 and 2,858: two documents are probed for in the first, a step at a time, and
    // searched for in the second; a hundred, searched for in the first and the second walked.
    for (const docs of [[14, 19_993], Array.from({ length: 100 }, (_, i) => i * 200 + 7)]) {
      const few = many.rank(query, params, Uint32Array.from(docs), docs.length)
      expect(few.map((r) => r.doc).sort((a, b) => a - b)).toEqual(docs)
      for (const r of few) expect(r.score).toBeCloseTo(all.get(r.doc) as number, 5)
    }
  })

  it('finds words whatever their inflection, and never a document without any query term', () => {
    expect(rankAll(index, termCounts('batteries with cooled plates'), params, 10).map((r) => r.doc)).toEqual([
      2,
    ])
    expect(rankAll(index, termCounts('the of and'), params, 10)).toEqual([])
    expect(rankAll(index, termCounts('submarine'), params, 10)).toEqual([])
  })

  it('keeps the best `limit`, best first, of the documents given', () => {
    const query = termCounts('helmet bicycle kettle battery')
    expect(rankAll(index, query, params, 2)).toHaveLength(2)
    const all = rankAll(index, query, params, 10)
    expect(all.map((r) => r.score)).toEqual([...all.map((r) => r.score)].sort((a, b) => b - a))
    expect(index.rank(query, params, Uint32Array.from([1, 2, 3]), 10).map((r) => r.doc)).not.toContain(0)
  })

  it('counts document frequencies, weighs rare terms above common ones, and scores a field alone', () => {
    expect(index.documentFrequency('helmet')).toBe(2)
    expect(index.documentFrequency('kettl')).toBe(1)
    expect(index.idf('kettl')).toBeGreaterThan(index.idf('helmet'))
    expect([...index.documentsWith('helmet')]).toEqual([0, 1])
    expect(index.documentsWith('submarine')).toHaveLength(0)
    const query = termCounts('bicycle helmet')
    const title = index.fieldScore(query, termCounts('Bicycle helmet'), 0, 0, params)
    const description = index.fieldScore(query, new Map(), 0, 3, params)
    expect(title).toBeGreaterThan(0)
    expect(description).toBe(0)
    expect(title).toBeLessThanOrEqual(rankAll(index, query, params, 1)[0]?.score ?? 0)
  })

  it('adds the best by title alone to the best by BM25F, with their BM25F scores, once each', () => {
    const titled = indexOf([
      doc({ title: 'Gearbox', description: 'A bicycle helmet. A bicycle helmet again, bicycle helmet.' }),
      doc({ title: 'Bicycle helmet', description: 'A shell of foam around the head.' }),
      doc({ title: 'Kettle', description: 'Boils water; no helmet.' }),
    ])
    const query = termCounts('bicycle helmet')
    const found = titled.candidates(query, byText, 1, 2)
    expect(found.map((c) => c.doc)).toEqual([0, 1])
    const all = rankAll(titled, query, byText, 3)
    expect(found[1]?.score).toBeCloseTo(all.find((c) => c.doc === 1)?.score ?? 0, 5)
    expect(titled.candidates(query, byText, 3, 3).map((c) => c.doc)).toEqual(all.map((c) => c.doc))
  })

  it('normalises by length: the same single mention weighs less in a long description', () => {
    const filler = 'Further parts are described below in detail. '.repeat(40)
    const lengths = indexOf([
      doc({ description: 'A pedal crank.' }),
      doc({ description: `A pedal crank. ${filler}` }),
    ])
    expect(rankAll(lengths, termCounts('crank'), params, 2).map((r) => r.doc)).toEqual([0, 1])
  })
})
