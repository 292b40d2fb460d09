import { describe, expect, it } from 'vitest'
import { claimParents, claimReferences, splitClaims, stem, wordCount } from './text'

describe('stem', () => {
  it('meets singular and plural forms', () => {
    for (const [one, many] of [
      ['lever', 'levers'],
      ['box', 'boxes'],
      ['body', 'bodies'],
      ['cable', 'cables'],
      ['house', 'houses'],
      ['glass', 'glasses'],
      ['gas', 'gases'],
    ] as const) {
      expect(stem(many), many).toBe(stem(one))
    }
    expect(stem('axis')).toBe('axis')
  })
})

describe('claimReferences', () => {
  const ranges = (claim: string, number = 5) => claimReferences(claim, number).map((r) => r.ranges)

  it('reads single claims, lists, ranges and preceding claims, with offsets', () => {
    const claim = 'The head as claimed in claim 2 or 3, or of any one of claims 1 to 4.'
    expect(claimReferences(claim, 5)).toEqual([
      {
        start: claim.indexOf('claim 2'),
        end: claim.indexOf(', or'),
        ranges: [
          { from: 2, to: 2 },
          { from: 3, to: 3 },
        ],
      },
      { start: claim.indexOf('claims 1'), end: claim.length - 1, ranges: [{ from: 1, to: 4 }] },
    ])
    expect(ranges('The head of any preceding claim.')).toEqual([[{ from: 1, to: 4 }]])
    expect(ranges('The head of any one of the preceding claims.')).toEqual([[{ from: 1, to: 4 }]])
    expect(ranges('The head of claims 3-1.')).toEqual([[{ from: 1, to: 3 }]])
  })

  it('leaves out a number that measures something', () => {
    expect(ranges('The head of claim 1, 2 mm wide.')).toEqual([[{ from: 1, to: 1 }]])
    expect(ranges('A head with 3 levers, as claimed.')).toEqual([])
  })
})

describe('claimParents', () => {
  it('answers the earlier claims referred to, leaving out itself, later and missing claims', () => {
    expect(
      claimParents([
        'A head.',
        'The head of claim 1 or 2.',
        'The head of claims 1 to 9.',
        'The head of any preceding claim.',
      ]),
    ).toEqual([[], [1], [1, 2], [1, 2, 3]])
  })
})

describe('wordCount', () => {
  it('counts words as a reader does: numbers and marks with digits count, punctuation alone does not', () => {
    expect(wordCount('A non-ionic plate, 2 mm thick (see FIG. 1) — the device’s lid.')).toBe(12)
    expect(wordCount('  \n ')).toBe(0)
  })
})

describe('splitClaims', () => {
  it('answers the numbered claims and the description before them, without the heading', () => {
    expect(splitClaims('A head that levels.\n\nClaims\n1. A head.\n2. The head of claim 1, red.')).toEqual({
      description: 'A head that levels.',
      claims: ['A head.', 'The head of claim 1, red.'],
    })
    expect(splitClaims('A head that levels.\n1. A head.')).toEqual({
      description: 'A head that levels.',
      claims: ['A head.'],
    })
    expect(splitClaims('A head that levels.')).toEqual({ description: 'A head that levels.', claims: [] })
  })

  it('finds the heading and the numbers after blank lines of spaces, not a number inside a longer one', () => {
    expect(
      splitClaims(
        'A head that levels.\n \n\t\nWhat is claimed is :\n\n1. A head.\n\n   2) The head of claim 1, red.',
      ),
    ).toEqual({ description: 'A head that levels.', claims: ['A head.', 'The head of claim 1, red.'] })
    expect(splitClaims('A head that levels.\nClaims:\n1. A head.\n 1234. Not a claim.')).toEqual({
      description: 'A head that levels.',
      claims: ['A head. 1234. Not a claim.'],
    })
  })

  it('reads a text of blank lines once, not once from each of them', () => {
    // "x" + 40,000 newlines + "x" held the server 2.8 s: each newline began a new scan of all the others.
    const blank = `x${'\n'.repeat(100_000)}x`
    expect(splitClaims(blank)).toEqual({ description: blank, claims: [] })
    expect(splitClaims(`A head.\n\nClaims:${' \n'.repeat(50_000)}1. A head.`).claims).toEqual(['A head.'])
  })
})
