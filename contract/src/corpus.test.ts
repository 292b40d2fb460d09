import { describe, expect, it } from 'vitest'
import { type CorpusCoverage, CorpusCoverageSchema, coverageLine, type OfficeCoverage } from './corpus'

function office(
  country: string,
  documents: number,
  years: [number, number] | null,
  undated = years ? 0 : documents,
  filed: [number, number] | null = null,
): OfficeCoverage {
  return {
    country,
    documents,
    undated,
    firstYear: years?.[0] ?? null,
    lastYear: years?.[1] ?? null,
    firstFiled: filed?.[0] ?? null,
    lastFiled: filed?.[1] ?? null,
    kinds: [{ kind: null, documents }],
  }
}

function coverage(offices: OfficeCoverage[]): CorpusCoverage {
  return {
    total: offices.reduce((sum, o) => sum + o.documents, 0),
    offices,
    years: [],
    latestPublication: null,
    lastImport: null,
  }
}

describe('coverageLine', () => {
  it('names each office, most documents first, with en-GB thousands and a year range', () => {
    expect(coverageLine(coverage([office('EP', 64, [2021, 2021]), office('US', 47_046, [2001, 2023])]))).toBe(
      'Searches 47,046 US documents published 2001–2023 and 64 EP documents published 2021.',
    )
  })

  it('writes one document in the singular', () => {
    expect(coverageLine(coverage([office('EP', 1, [2021, 2021])]))).toBe(
      'Searches 1 EP document published 2021.',
    )
  })

  it('lists three or more offices as "a, b and c", ties by their code', () => {
    expect(
      coverageLine(
        coverage([
          office('WO', 12, [2019, 2020]),
          office('GB', 1_200, [1990, 2024]),
          office('EP', 12, [2000, 2001]),
          office('US', 3_400_000, [1976, 2025]),
        ]),
      ),
    ).toBe(
      'Searches 3,400,000 US documents published 1976–2025, 1,200 GB documents published 1990–2024, ' +
        '12 EP documents published 2000–2001 and 12 WO documents published 2019–2020.',
    )
  })

  it('speaks of filing years when some documents have no publication date, with how many were published', () => {
    expect(
      coverageLine(
        coverage([
          office('US', 47_000, [2001, 2023], 46_754, [1976, 2021]),
          office('EP', 3, null, 3, [2017, 2019]),
        ]),
      ),
    ).toBe(
      'Searches 47,000 US documents filed 1976–2021 (246 published 2001–2023) and 3 EP documents filed 2017–2019.',
    )
    expect(coverageLine(coverage([office('EP', 1, [2021, 2021], 0, [2019, 2019])]))).toBe(
      'Searches 1 EP document published 2021.',
    )
    expect(coverageLine(coverage([office('GB', 2, [2020, 2020], 1, [2019, 2019])]))).toBe(
      'Searches 2 GB documents filed 2019 (1 published 2020).',
    )
  })

  it('says when neither a publication nor a filing year is known, and how many are undated without a filing year', () => {
    expect(coverageLine(coverage([office('EP', 3, null), office('WO', 1, null)]))).toBe(
      'Searches 3 EP documents without a date and 1 WO document without a date.',
    )
    expect(coverageLine(coverage([office('US', 47_000, [2001, 2023], 46_754)]))).toBe(
      'Searches 47,000 US documents (246 published 2001–2023, 46,754 without a publication date).',
    )
  })

  it('says when the corpus is empty', () => {
    expect(coverageLine(coverage([]))).toBe('The corpus holds no patents yet.')
  })
})

describe('CorpusCoverageSchema', () => {
  it('takes a calendar date for the latest publication and a moment for the last import, or null', () => {
    const valid = {
      ...coverage([office('US', 2, [2020, 2021], 0, [2019, 2020])]),
      years: [
        { country: 'US', year: 2019, published: 0, filed: 1 },
        { country: 'US', year: 2020, published: 1, filed: 1 },
        { country: 'US', year: 2021, published: 1, filed: 0 },
      ],
      latestPublication: '2021-06-01',
      lastImport: '2026-11-26T10:00:00.000Z',
    }
    expect(CorpusCoverageSchema.parse(valid)).toEqual(valid)
    expect(
      CorpusCoverageSchema.safeParse({ ...valid, latestPublication: '2021-06-01T00:00:00Z' }).success,
    ).toBe(false)
    expect(CorpusCoverageSchema.safeParse({ ...valid, lastImport: '2026-11-26' }).success).toBe(false)
    expect(CorpusCoverageSchema.safeParse({ ...valid, total: -1 }).success).toBe(false)
    expect(
      CorpusCoverageSchema.safeParse({ ...valid, years: [{ country: 'US', year: 2020, documents: 1 }] })
        .success,
    ).toBe(false)
  })
})
