import type { PatentSearchResult } from '@patentdesk/contract/patents'
import { Toaster } from '@/components/ui/toast'
import { seedCoverage } from '@/features/corpus/coverage-factories'
import { patentSearchQueryOptions } from '@/features/patents/api'
import { buildHit } from '@/features/patents/patent-factories'
import { PatentSearch } from '@/features/patents/patent-search'
import { readSearchState } from '@/features/patents/search-params'
import { createTestQueryClient, renderWithProviders } from '@/test/render'

/** A search already answered: what the screen at `path` shows without a request. */
export type SearchSeed = { path: string; result: PatentSearchResult }

/** The search screen's tests' render: the screen at `path`, with the answers of `seeds` in its cache. */
export function renderSearch(path: string, seeds: SearchSeed[] = []) {
  const queryClient = createTestQueryClient()
  // Retries keep their number (docs/product.md, Calls and answers) but not their wait, so a failure shows at
  // once.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } })
  // The coverage line's query is its own (corpus-coverage tests): loaded already, it sends nothing here.
  seedCoverage(queryClient)
  for (const seed of seeds) {
    const state = readSearchState(new URL(seed.path, 'http://localhost').searchParams)
    queryClient.setQueryData(patentSearchQueryOptions(state).queryKey, seed.result)
  }
  return renderWithProviders(
    <>
      <PatentSearch />
      <Toaster />
    </>,
    { path, queryClient },
  )
}

/** `count` hits numbered from `from`: US1, US2… */
export const hits = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => buildHit({ reference: `US${from + index}` }))

/** Every request of the search, whatever its parameters. */
export const searchPaths = 'GET /api/public/serpapi/patents?*'
