import { analysisMessages, type FeatureLevel, type FeatureMatch } from '@patentdesk/contract/analysis'
import { describe, expect, it } from 'vitest'
import { type ChartedDocument, claimsOf, placeOf, searchReportOf } from './search-report'

const cutOff = { date: '2015-03-02', basis: 'priority date' } as const
const claims = [
  'A tripod head comprising a pendulum and a clutch.',
  'The tripod head of claim 1, wherein the clutch is a friction clutch.',
  'A camera mount comprising a rail.',
]
const featureIds = ['1a', '1b', '2', '3']
const weighed = featureIds.map((id) => ({ id, weight: 4 }))

/** A charted document whose column has these levels, feature by feature (its dates may be replaced). */
function charted(
  reference: string,
  levels: FeatureLevel[],
  dates: Partial<Pick<ChartedDocument, 'filingDate' | 'priorityDate' | 'publicationDate'>> = {},
): ChartedDocument {
  const matches: FeatureMatch[] = levels.map((level, i) => ({
    featureId: featureIds[i] as string,
    level,
    score: level === 'found' ? 90 : level === 'partly' ? 60 : 0,
    passage: level === 'absent' ? null : `${reference} passage ${i}`,
    location: level === 'absent' ? null : `claim ${i + 1}`,
    sharedWords: [],
  }))
  return {
    reference,
    title: `Title of ${reference}`,
    filingDate: '2009-01-01',
    priorityDate: null,
    publicationDate: '2010-01-05',
    ...dates,
    matches,
    family: [],
  }
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
    charted('US1000002', ['absent', 'absent', 'found', 'partly'], { publicationDate: null }),
    charted('US1000003', ['partly', 'absent', 'absent', 'absent']),
    charted('US1000004', ['absent', 'absent', 'absent', 'absent']),
  ]
  const report = searchReportOf(cutOff, claims, weighed, documents)

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

describe('where its dates place a document', () => {
  // Priority date 2 March 2015, filing date 1 March 2016.
  const both = { date: '2015-03-02', basis: 'priority date', filingDate: '2016-03-01' } as const
  const dated = (
    filingDate: string | null,
    publicationDate: string | null,
    priorityDate: string | null = null,
  ) => placeOf({ filingDate, publicationDate, priorityDate }, both)

  it('reads what was made public before the priority date for its content', () => {
    expect(dated('2013-01-01', '2015-03-01')).toEqual({ note: null })
  })

  it('is P when made public between the priority date and the filing date', () => {
    expect(dated('2014-01-01', '2015-03-02')).toEqual({ category: 'P', note: null })
    expect(dated('2014-01-01', '2016-02-29')).toEqual({ category: 'P', note: null })
  })

  it('is E when filed or with a priority before the filing date and made public on or after it', () => {
    expect(dated('2015-12-01', '2016-03-01')).toEqual({ category: 'E', note: null })
    expect(dated('2016-05-01', '2017-11-01', '2015-06-01')).toEqual({ category: 'E', note: null })
  })

  it('is not cited when filed on or after the filing date, with no earlier priority', () => {
    expect(dated('2016-03-01', '2016-09-01')).toBeUndefined()
    expect(dated('2016-03-01', null)).toBeUndefined()
    expect(dated(null, null, '2016-04-01')).toBeUndefined()
  })

  it('never assumes an unknown publication date: no earlier than the filing, and the note says so', () => {
    expect(dated('2013-01-01', null)).toEqual({ note: analysisMessages.publicationUnknown('2015-03-02') })
    expect(dated(null, null)).toEqual({ note: analysisMessages.publicationUnknown('2015-03-02') })
    expect(dated('2015-06-01', null)).toEqual({
      category: 'P',
      note: analysisMessages.publicationUnknownBetween('2016-03-01'),
    })
    expect(dated('2016-04-01', null, '2015-04-01')).toEqual({ category: 'E', note: null })
  })

  it('with one date, has no P: before it by content, E after it when filed before it', () => {
    const one = { date: '2015-03-02', basis: 'filing date' } as const
    expect(
      placeOf({ filingDate: '2014-01-01', publicationDate: '2015-01-01', priorityDate: null }, one),
    ).toEqual({
      note: null,
    })
    expect(
      placeOf({ filingDate: '2014-01-01', publicationDate: '2015-09-01', priorityDate: null }, one),
    ).toEqual({
      category: 'E',
      note: null,
    })
    expect(
      placeOf({ filingDate: '2015-03-02', publicationDate: null, priorityDate: null }, one),
    ).toBeUndefined()
  })
})

describe('the categories of an application with a priority date and a filing date', () => {
  const both = { date: '2015-03-02', basis: 'priority date', filingDate: '2016-03-01' } as const
  const documents = [
    // Claim 1 in full, but made public after the filing date: E, novelty only, never combined.
    charted('US2000001', ['found', 'found', 'absent', 'absent'], {
      filingDate: '2015-01-01',
      publicationDate: '2016-07-01',
    }),
    // Made public between the dates: P, for the claims it holds something of.
    charted('US2000002', ['absent', 'absent', 'absent', 'partly'], {
      filingDate: '2014-01-01',
      publicationDate: '2015-09-01',
    }),
    // Half of claim 1 each, made public before the priority date: Y together.
    charted('US2000003', ['found', 'absent', 'absent', 'absent']),
    charted('US2000004', ['absent', 'found', 'absent', 'absent']),
    // An E document that holds only part of a claim stands against nothing: it is not cited.
    charted('US2000005', ['partly', 'absent', 'absent', 'absent'], {
      filingDate: '2015-01-01',
      publicationDate: '2016-07-01',
    }),
    // Filed after the filing date: never cited, whatever it holds.
    charted('US2000006', ['found', 'found', 'found', 'found'], {
      filingDate: '2016-03-01',
      publicationDate: '2016-09-01',
    }),
  ]
  const report = searchReportOf(both, claims, weighed, documents)
  const lines = report.citations.map(({ reference, category, claims, combinedWith }) => ({
    reference,
    category,
    claims,
    combinedWith,
  }))

  it('places each document by its dates, the earlier ones alone making X and Y', () => {
    expect(lines).toEqual([
      { reference: 'US2000003', category: 'Y', claims: [1, 2], combinedWith: ['US2000004'] },
      { reference: 'US2000004', category: 'Y', claims: [1, 2], combinedWith: ['US2000003'] },
      { reference: 'US2000001', category: 'E', claims: [1], combinedWith: [] },
      { reference: 'US2000002', category: 'P', claims: [3], combinedWith: [] },
    ])
  })

  it("names the family members the search left out on their family's line", () => {
    const withFamily = searchReportOf(both, claims, weighed, [
      { ...(documents[2] as ChartedDocument), family: ['EP2000003A1', 'WO2000003A1'] },
    ])
    expect(withFamily.citations[0]?.family).toEqual(['EP2000003A1', 'WO2000003A1'])
  })
})

describe('a feature no term of which the index weighs', () => {
  it("decides nothing: a document holding the claim's other features is X", () => {
    // Claim 1's preamble, "A networked computer system", is common words alone: no passage can hold it.
    const preamble = [{ id: '1a', weight: 0 }, ...weighed.slice(1)]
    const holding = charted('US3000001', ['absent', 'found', 'absent', 'absent'])
    const report = searchReportOf(cutOff, claims, preamble, [holding])
    // X for claim 1; claim 2's own feature it lacks, so A there.
    expect(report.citations[0]).toMatchObject({ reference: 'US3000001', category: 'X', claims: [1, 2] })
    // With every feature weighed, the same document holds only part of claim 1.
    expect(searchReportOf(cutOff, claims, weighed, [holding]).citations[0]?.category).toBe('A')
  })
})
