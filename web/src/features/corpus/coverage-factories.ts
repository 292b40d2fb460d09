import type { CorpusCoverage } from '@patentdesk/contract/corpus'
import type { QueryClient } from '@tanstack/react-query'
import { corpusCoverageQueryOptions } from './api'

/** Contract-shaped coverage for the component tests: 47,046 US documents and 64 EP ones, all dated. */
export function buildCoverage(overrides: Partial<CorpusCoverage> = {}): CorpusCoverage {
  return {
    total: 47_110,
    offices: [
      {
        country: 'EP',
        documents: 64,
        undated: 0,
        firstYear: 2021,
        lastYear: 2021,
        firstFiled: 2019,
        lastFiled: 2020,
        kinds: [
          { kind: 'A1', documents: 60 },
          { kind: 'B1', documents: 4 },
        ],
      },
      {
        country: 'US',
        documents: 47_046,
        undated: 0,
        firstYear: 2001,
        lastYear: 2023,
        firstFiled: 1999,
        lastFiled: 2021,
        kinds: [
          { kind: 'B2', documents: 47_000 },
          { kind: null, documents: 46 },
        ],
      },
    ],
    years: [
      { country: 'US', year: 1999, published: 0, filed: 5 },
      { country: 'US', year: 2001, published: 5, filed: 47_000 },
      { country: 'US', year: 2003, published: 47_000, filed: 0 },
      { country: 'EP', year: 2019, published: 0, filed: 30 },
      { country: 'EP', year: 2020, published: 0, filed: 34 },
      { country: 'EP', year: 2021, published: 64, filed: 0 },
      { country: 'US', year: 2021, published: 0, filed: 41 },
      { country: 'US', year: 2023, published: 41, filed: 0 },
    ],
    latestPublication: '2023-03-07',
    lastImport: '2026-11-26T10:30:00.000Z',
    ...overrides,
  }
}

/** Puts the coverage in the cache, as if loaded: screens that show the line then send no request for it. */
export function seedCoverage(queryClient: QueryClient, coverage = buildCoverage()) {
  queryClient.setQueryData(corpusCoverageQueryOptions.queryKey, coverage)
}
