import { useDeferredValue } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Card } from '@/components/ui/card'
import { CoverageLine } from '@/features/corpus'
import { NewPatentsPanel, SaveSearchButton, useNewPatents } from '@/features/saved-searches'
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
  savedQueryOf,
  toSearchParams,
} from './search-params'
import { SearchResults } from './search-results'

// The route's loader asks for the answer with it (app/router.tsx).
export { prefetchPatentSearch } from './api'

const fieldNames: string[] = ['q', ...filterNames]

/** Patent Search (docs/product.md, Search) at /serpapi-search and /search: the query, page, filters and order
 * live in the URL; opened as a saved search, its new patents are listed first and marked. */
export function PatentSearch() {
  const [searchParams, setSearchParams] = useSearchParams()
  const state = readSearchState(searchParams)
  const selection = useCompareSelection()
  // The page reads only the error (the fields it names): the answer's arrival renders the outcome alone.
  const { error } = usePatentSearch(state)
  const news = useNewPatents(state.saved)
  const fieldErrors = badRequestOf(error)?.fields ?? {}

  const go = (next: SearchState) => setSearchParams(toSearchParams(next))
  // Another query or filter is another search than the saved one.
  const goElsewhere = (next: SearchState) => go({ ...next, saved: undefined })

  return (
    <div className="grid grid-cols-1 gap-6">
      {/* First: what the user came from a notification or a mail to see. */}
      {state.saved && <NewPatentsPanel id={state.saved} news={news} />}
      <Card className="grid gap-5 p-4 sm:p-6">
        <SearchForm
          key={state.q}
          query={state.q}
          serverError={fieldErrors.q}
          onSearch={(q) => goElsewhere({ ...state, q, page: 1 })}
          hrefOf={(q) => `?${toSearchParams({ ...state, q, page: 1, saved: undefined })}`}
        />
        <CoverageLine className="-mt-3 text-xs" />
        <SearchFilters
          key={JSON.stringify(state.filters)}
          filters={state.filters}
          serverErrors={fieldErrors}
          onApply={(filters) => goElsewhere({ ...state, filters, page: 1 })}
        />
      </Card>
      <SearchOutcome
        state={state}
        newReferences={news.data?.patents.map((patent) => patent.reference)}
        selection={selection}
        onOrderChange={(order) => go({ ...state, order, page: 1 })}
      />
      <CompareBar selection={selection} />
    </div>
  )
}

type SearchOutcomeProps = {
  state: SearchState
  /** The saved search's new patents, marked among the results. */
  newReferences?: string[]
  selection: CompareSelection
  onOrderChange: (order: SearchOrder) => void
}

function SearchOutcome({ state, newReferences, selection, onOrderChange }: SearchOutcomeProps) {
  const search = usePatentSearch(state)
  // The query's answer arrives as an urgent update (TanStack Query's store); the results it brings render as
  // a transition, in slices with the browser given the thread between them (docs/decisions/0040).
  const shown = useDeferredValue(search.data)
  if (!state.q) {
    return (
      <p className="text-sm text-muted-foreground">
        Enter a keyword, a phrase or a patent number to search the patent corpus.
      </p>
    )
  }
  const searching = <p className="text-sm text-muted-foreground">Searching...</p>
  if (search.isPending) return searching
  if (search.isError) {
    const badRequest = badRequestOf(search.error)
    if (!badRequest) return <Alert variant="destructive">{searchErrorText}</Alert>
    const shownAtField = Object.keys(badRequest.fields ?? {}).some((name) => fieldNames.includes(name))
    return shownAtField ? null : <Alert variant="destructive">{badRequest.message}</Alert>
  }
  // The answer is in; its results are rendering.
  if (!shown) return searching
  return (
    <SearchResults
      result={shown}
      page={state.page}
      hrefOf={(page) => `?${toSearchParams({ ...state, page })}`}
      newReferences={newReferences}
      selection={selection}
      updating={search.isPlaceholderData || shown !== search.data}
      tools={
        <>
          <SearchOrderControls order={state.order} onChange={onOrderChange} />
          <SearchExportLink href={patentExportPath(state)} />
          <SaveSearchButton query={savedQueryOf(state)} />
        </>
      }
    />
  )
}
