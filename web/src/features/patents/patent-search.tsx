import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Card } from '@/components/ui/card'
import { CoverageLine } from '@/features/corpus'
import { badRequestOf, patentExportPath, searchErrorText, usePatentSearch } from './api'
import { CompareBar } from './compare-bar'
import { type CompareSelection, useCompareSelection } from './compare-selection'
import { SearchExportLink } from './search-export-link'
import { SearchFilters } from './search-filters'
import { SearchForm } from './search-form'
import { SearchOrderControls } from './search-order'
import {
  filterNames,
  readSearchState,
  type SearchOrder,
  type SearchState,
  toSearchParams,
} from './search-params'
import { SearchResults } from './search-results'

const fieldNames: string[] = ['q', ...filterNames]

/** Patent Search (docs/product.md, Search) at /serpapi-search and /search: the query, page, filters and order
 * live in the URL. */
export function PatentSearch() {
  const [searchParams, setSearchParams] = useSearchParams()
  const state = readSearchState(searchParams)
  const selection = useCompareSelection()
  const search = usePatentSearch(state)
  const fieldErrors = badRequestOf(search.error)?.fields ?? {}

  const go = (next: SearchState) => setSearchParams(toSearchParams(next))

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card className="grid gap-5 p-4 sm:p-6">
        <SearchForm
          key={state.q}
          query={state.q}
          serverError={fieldErrors.q}
          onSearch={(q) => go({ ...state, q, page: 1 })}
          hrefOf={(q) => `?${toSearchParams({ ...state, q, page: 1 })}`}
        />
        <CoverageLine className="-mt-3 text-xs" />
        <SearchFilters
          key={JSON.stringify(state.filters)}
          filters={state.filters}
          serverErrors={fieldErrors}
          onApply={(filters) => go({ ...state, filters, page: 1 })}
        />
      </Card>
      <SearchOutcome
        state={state}
        search={search}
        selection={selection}
        onOrderChange={(order) => go({ ...state, order, page: 1 })}
      />
      <CompareBar selection={selection} />
    </div>
  )
}

type SearchOutcomeProps = {
  state: SearchState
  search: ReturnType<typeof usePatentSearch>
  selection: CompareSelection
  onOrderChange: (order: SearchOrder) => void
}

function SearchOutcome({ state, search, selection, onOrderChange }: SearchOutcomeProps) {
  if (!state.q) {
    return (
      <p className="text-sm text-muted-foreground">
        Enter a keyword, a phrase or a patent number to search the patent corpus.
      </p>
    )
  }
  if (search.isPending) return <p className="text-sm text-muted-foreground">Searching...</p>
  if (search.isError) {
    const badRequest = badRequestOf(search.error)
    if (!badRequest) return <Alert variant="destructive">{searchErrorText}</Alert>
    const shownAtField = Object.keys(badRequest.fields ?? {}).some((name) => fieldNames.includes(name))
    return shownAtField ? null : <Alert variant="destructive">{badRequest.message}</Alert>
  }
  return (
    <SearchResults
      result={search.data}
      page={state.page}
      hrefOf={(page) => `?${toSearchParams({ ...state, page })}`}
      selection={selection}
      updating={search.isPlaceholderData}
      tools={
        <>
          <SearchOrderControls order={state.order} onChange={onOrderChange} />
          <SearchExportLink href={patentExportPath(state)} />
        </>
      }
    />
  )
}
