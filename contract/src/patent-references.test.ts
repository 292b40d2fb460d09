import { describe, expect, it } from 'vitest'
import { compactReference, referenceKey, splitReferences } from './patent-references'
import { SimilarityQuerySchema } from './patents'

describe('patent references', () => {
  it('give one key to every way of writing one patent', () => {
    for (const written of ['US9449495', 'US9449495B1', 'us 9,449,495 b1', 'US 9449495 B1', 'US9449495A'])
      expect(referenceKey(written), written).toBe('US9449495')
    expect(referenceKey('USRE49258E1')).toBe('USRE49258')
    expect(referenceKey('USH2140H1')).toBe('USH2140')
    expect(referenceKey('USPP18398P2')).toBe('USPP18398')
    expect(referenceKey('US 2001/0000044 A1')).toBe('US20010000044')
    expect(referenceKey('WO98/47522A')).toBe('WO9847522')
    expect(referenceKey('GB1504321.0')).toBe('GB15043210')
  })

  it('are compacted without changing what they say', () => {
    expect(compactReference(' us 9,449,495 b1 ')).toBe('US9449495B1')
    expect(compactReference('WO98/47522A')).toBe('WO98/47522A')
  })

  it('split a list at the commas between references, not inside a number', () => {
    expect(splitReferences('US 9,449,495 B1,US8000000, US 7,123,456')).toEqual([
      'US9449495B1',
      'US8000000',
      'US7123456',
    ])
    expect(splitReferences('US1234,567,US2')).toEqual(['US1234567', 'US2'])
  })

  it('compare one patent once, however often and however it is written', () => {
    const parsed = SimilarityQuerySchema.safeParse({ refs: 'US9449495,US 9,449,495 B1' })
    expect(parsed.success).toBe(false)
    const three = SimilarityQuerySchema.parse({ refs: 'US9449495B1,us8000000,US 8,000,000,US7000000' })
    expect(three.refs).toEqual(['US9449495B1', 'US8000000', 'US7000000'])
  })
})
