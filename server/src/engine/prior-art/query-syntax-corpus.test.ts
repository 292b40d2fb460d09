import { describe, expect, it } from 'vitest'
import { plainPatent, plainSearch } from '~/test/plain-query'
import { shippedPatents } from '~/test/shipped-index'
import { searchIndex } from './index-search'

/**
 * Every operator family of the search syntax over the first 1,500 patents of the shipped corpus file
 * (real texts: headings, "FIG. 2", claims a line each), the index's matches against the plain reading of
 * test/plain-query.ts: the same patents, whatever order they are ranked in.
 */
const COUNT = 1500
const { patents, indexOf } = await shippedPatents(COUNT)
const index = indexOf()
const plainPatents = patents.map(plainPatent)

const searched = (q: string) => searchIndex(index, { q, filters: {}, offset: 0, limit: COUNT })
const found = (q: string) =>
  searched(q)
    .hits.map((hit) => hit.reference)
    .sort()

describe('the search syntax over the shipped corpus, against a plain reading', () => {
  it.each([
    // Boolean
    ['words', 'semiconductor substrate'],
    ['OR and exclusion', '(layer OR film) substrate -semiconductor'],
    ['nested', '(signal OR voltage) (circuit OR (transistor -gate))'],
    ['phrase', '"optical fiber"'],
    // Fields
    ['title', 'TI=(method)'],
    ['title phrase', 'TI=("semiconductor device")'],
    ['title exclusion', 'substrate -TI=(layer OR film)'],
    ['abstract phrase', 'AB=("light emitting")'],
    ['claims proximity', 'CL=(signal NEAR/3 circuit)'],
    ['description', 'DESC=(polymer) -TI=polymer'],
    // Proximity
    ['NEAR', 'signal NEAR/2 circuit'],
    ['ADJ', 'data ADJ/2 processing'],
    ['WITH', 'layer WITH substrate'],
    ['SAME', 'voltage SAME current'],
    ['WITH in claims', 'CL=(layer WITH substrate)'],
    ['WITH against NEAR', 'layer WITH substrate -(layer NEAR/5 substrate)'],
    // Truncation
    ['star', 'semicond*'],
    ['question mark', 'fib?r OR wom?n'],
    ['truncated proximity', 'optic* ADJ/1 fib*'],
    ['British spelling', 'colour'],
    // Filters in the query
    ['CPC', 'CPC=H01L'],
    ['assignee', 'assignee:corporation'],
    ['inventor', 'inventor:john'],
    ['country', 'country:US substrate'],
    ['before filing', 'before:filing:20000101'],
    ['after priority', 'after:priority:20030101 circuit'],
    ['publication', 'before:publication:20060201 layer'],
  ])('%s: %s', (_, q) => {
    const expected = plainSearch(q, plainPatents)
    expect(expected.length).toBeGreaterThan(0)
    expect(found(q)).toEqual(expected)
    // The total, exact up to 500 matches to check, else estimated from a spread sample of them.
    const { total, approximate } = searched(q)
    if (approximate) expect(Math.abs(total - expected.length)).toBeLessThan(expected.length * 0.15)
    else expect(total).toBe(expected.length)
  })
})

describe('units narrower than the patent', () => {
  it('finds fewer patents with both words in one sentence than in one paragraph, and fewer there than anywhere', () => {
    const [sentence, paragraph, anywhere] = ['WITH', 'SAME', 'AND'].map(
      (op) => found(`layer ${op} substrate`).length,
    )
    expect(sentence).toBeLessThan(paragraph as number)
    expect(paragraph).toBeLessThan(anywhere as number)
  })
})
