import { analysisMessages, type FeatureLevel, type FeatureMatch } from '@patentdesk/contract/analysis'
import { describe, expect, it } from 'vitest'
import { type ChartedDocument, claimsOf, searchReportOf } from './search-report'

const cutOff = { date: '2015-03-02', basis: 'priority date' } as const
const claims = [
  'A tripod head comprising a pendulum and a clutch.',
  'The tripod head of claim 1, wherein the clutch is a friction clutch.',
  'A camera mount comprising a rail.',
]
const featureIds = ['1a', '1b', '2', '3']

/** A charted document whose column has these levels, feature by feature. */
function charted(reference: string, levels: FeatureLevel[], publicationDate: string | null = '2010-01-05') {
  const matches: FeatureMatch[] = levels.map((level, i) => ({
    featureId: featureIds[i] as string,
    level,
    score: level === 'found' ? 90 : level === 'partly' ? 60 : 0,
    passage: level === 'absent' ? null : `${reference} passage ${i}`,
    location: level === 'absent' ? null : `claim ${i + 1}`,
    sharedWords: [],
  }))
  return { reference, title: `Title of ${reference}`, filingDate: '2009-01-01', publicationDate, matches }
}

describe('the claims a report searches', () => {
  it('reads a dependent claim with the features of the claim it depends on', () => {
    expect(claimsOf(claims, featureIds)).toEqual([
      { number: 1, independent: true, features: [0, 1] },
      { number: 2, independent: false, features: [0, 1, 2] },
      { number: 3, independent: true, features: [3] },
    ])
  })

  it('takes the features as claim 1 when there are no numbered claims', () => {
    expect(claimsOf([], ['F1', 'F2'])).toEqual([{ number: 1, independent: true, features: [0, 1] }])
  })
})

describe('the search report', () => {
  const documents: ChartedDocument[] = [
    charted('US1000001', ['found', 'found', 'absent', 'absent']),
    charted('US1000002', ['absent', 'absent', 'found', 'partly'], null),
    charted('US1000003', ['partly', 'absent', 'absent', 'absent']),
    charted('US1000004', ['absent', 'absent', 'absent', 'absent']),
  ]
  const report = searchReportOf(cutOff, claims, featureIds, documents)

  it('cites X where one document holds every feature of a claim, Y for two that do together, A for some', () => {
    const lines = report.citations.map(({ reference, category, claims, combinedWith }) => ({
      reference,
      category,
      claims,
      combinedWith,
    }))
    expect(lines).toEqual([
      // Claim 1 in full; with the other, claim 2.
      { reference: 'US1000001', category: 'X', claims: [1, 2], combinedWith: ['US1000002'] },
      // Claim 2's friction clutch, which US1000001 lacks; a part of claim 3.
      { reference: 'US1000002', category: 'Y', claims: [2, 3], combinedWith: ['US1000001'] },
      { reference: 'US1000003', category: 'A', claims: [1, 2], combinedWith: [] },
    ])
    expect(report.claims).toEqual([
      { number: 1, independent: true },
      { number: 2, independent: false },
      { number: 3, independent: true },
    ])
    expect(report.cutOff).toEqual(cutOff)
  })

  it('quotes the passages of the features the document is cited for, and says what of its dates is unknown', () => {
    const [x, y] = report.citations
    expect(x?.passages).toEqual([
      { featureId: '1a', text: 'US1000001 passage 0', location: 'claim 1' },
      { featureId: '1b', text: 'US1000001 passage 1', location: 'claim 2' },
    ])
    expect(x?.dateNote).toBeNull()
    expect(y?.passages.map((p) => p.featureId)).toEqual(['2', '3'])
    expect(y?.dateNote).toBe(analysisMessages.publicationUnknown('2015-03-02'))
  })
})
