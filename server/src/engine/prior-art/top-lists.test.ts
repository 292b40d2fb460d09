import { describe, expect, it } from 'vitest'
import { termCounts } from '~/shared/terms'
import { Bm25fIndex, type PostingLists } from './bm25f'
import type { Bm25fParams, FieldTexts } from './bm25f-fields'
import { Bm25fBuilder, type ListArrays } from './postings-builder'
import { buildTopLists, TOP } from './top-lists'

const params: Bm25fParams = { weights: [6, 3, 2, 1], b: [0.75, 0.75, 0.75, 0.75], k1: 1.2 }

describe('top lists', () => {
  it("keep a long list's TOP best postings (ties in document order) and bound the rest by the best of them", () => {
    const length = TOP + 500
    // Impacts with many ties: i mod 97, over 97.
    const impacts = Float32Array.from({ length }, (_, i) => (i % 97) / 97)
    const docs = Uint32Array.from({ length }, (_, i) => i * 3)
    const short = 10
    const starts = Uint32Array.from([0, short, short + length])
    const allImpacts = new Float32Array(short + length)
    allImpacts.set(impacts, short)
    const allDocs = new Uint32Array(short + length)
    allDocs.set(docs, short)
    const top = buildTopLists(starts, allDocs, allImpacts)
    // The short list has none.
    expect([top.starts[0], top.starts[1]]).toEqual([0, 0])
    const kept = top.docs.subarray(top.starts[1], top.starts[2])
    expect(kept).toHaveLength(TOP)
    expect([...kept]).toEqual([...kept].sort((a, b) => a - b))
    const keptImpacts = [...kept].map((doc) => impacts[doc / 3] as number)
    const rest = [...docs].filter((doc) => !kept.includes(doc)).map((doc) => impacts[doc / 3] as number)
    expect(Math.min(...keptImpacts)).toBeGreaterThanOrEqual(Math.max(...rest))
    expect(top.bounds[1]).toBe(Math.max(...rest))
  })

  it('rank the first page of common words as every posting does, or step aside', () => {
    // 2,500 patents: "valve" in every one, "seat" in two of three, "spring" in one of five, "ball" in 40.
    const texts: FieldTexts[] = Array.from({ length: 2500 }, (_, i) => ({
      title: i % 7 === 0 ? 'Valve seat' : 'Valve',
      abstract: `A valve ${i % 3 ? 'seat ' : ''}${i % 5 ? '' : 'spring '}${i % 61 ? '' : 'ball '}`.repeat(
        1 + (i % 4),
      ),
      claims: '',
      description: 'valve '.repeat(1 + (i % 11)),
    }))
    const builder = new Bm25fBuilder()
    for (const text of texts) builder.add(text)
    const built = builder.build([params], params)
    const inMemory = Bm25fIndex.inMemory(built)
    // The same index, counting how often a query reads a list's impacts: once a term when the top lists
    // answered, twice when they stepped aside for every posting.
    let reads = 0
    const lists = (array: ListArrays): PostingLists => ({
      starts: array.starts,
      docs: (from, to) => array.docs.subarray(from, to),
      impacts: (ranking, from, to) => {
        reads++
        return (array.impacts[ranking] as Float32Array).subarray(from, to)
      },
    })
    const top = built.top as NonNullable<typeof built.top>
    const withTop = new Bm25fIndex(
      built.terms,
      built.lengths,
      [params],
      lists(built.all),
      lists(built.title),
      {
        ...top,
        docs: (from, to) => top.docs.subarray(from, to),
      },
    )
    const without = Bm25fIndex.inMemory({ ...built, top: undefined })
    expect(inMemory.rank(termCounts('valve'), params, Uint32Array.from([1, 2]), 2)).toHaveLength(2)
    reads = 0
    withTop.rank(
      termCounts('valve seat'),
      params,
      Uint32Array.from({ length: 2500 }, (_, doc) => doc),
      10,
    )
    expect(reads).toBe(2)
    const all = Uint32Array.from({ length: 2500 }, (_, doc) => doc)
    const odd = all.filter((doc) => doc % 2 === 1)
    for (const q of ['valve', 'valve seat', 'seat spring', 'valve ball', 'spring'])
      for (const docs of [all, odd])
        for (const limit of [1, 10, 100])
          expect(withTop.rank(termCounts(q), params, docs, limit)).toEqual(
            without.rank(termCounts(q), params, docs, limit),
          )
  })
})
