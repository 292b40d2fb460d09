import { formatCount } from '@patentdesk/contract/format'
import { type PatentSearchResult, patentLimits } from '@patentdesk/contract/patents'
import { SearchX } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils'
import type { CompareSelection } from './compare-selection'
import { SearchPagination } from './search-pagination'
import { SearchResultItem } from './search-result-item'

type SearchResultsProps = {
  /** `totalIsApproximate`: the total is an estimate ("About …"); absent from the empty result of a 404. */
  result: Pick<PatentSearchResult, 'totalResults' | 'sources' | 'patents'> &
    Partial<Pick<PatentSearchResult, 'totalIsApproximate'>>
  page: number
  hrefOf: (page: number) => string
  /** Patents to mark as new (a saved search's). */
  newReferences?: string[]
  selection: CompareSelection
  /** The next page is loading; the current one stays, dimmed. */
  updating: boolean
  /** What the results can be done with (their order, the export), shown beside the count. */
  tools: ReactNode
}

export function SearchResults({
  result,
  page,
  hrefOf,
  newReferences = [],
  selection,
  updating,
  tools,
}: SearchResultsProps) {
  const { totalResults, totalIsApproximate, sources, patents } = result
  const totalPages = Math.min(Math.ceil(totalResults / patentLimits.num.default), patentLimits.page.max)
  const failedSource = sources.some((source) => source.status === 'failed')

  return (
    <section aria-label="Search results" aria-busy={updating} className="grid gap-4">
      {totalResults > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <p className="text-sm text-muted-foreground">
            {totalIsApproximate && 'About '}
            {formatCount(totalResults)} {totalResults === 1 ? 'result' : 'results'}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">{tools}</div>
        </div>
      )}
      {failedSource && (
        <p className="text-xs text-muted-foreground">
          External source unavailable; showing results from the local corpus
        </p>
      )}
      {patents.length === 0 ? (
        <NoPatentsFound />
      ) : (
        <ol className={cn('grid gap-3 transition-opacity', updating && 'opacity-60')}>
          {patents.map((hit) => (
            <SearchResultItem
              key={hit.reference}
              hit={hit}
              isNew={newReferences.includes(hit.reference)}
              selected={selection.selected.includes(hit.reference)}
              onSelectedChange={(checked) => selection.toggle(hit.reference, checked)}
            />
          ))}
        </ol>
      )}
      {totalPages > 1 && <SearchPagination page={page} totalPages={totalPages} hrefOf={hrefOf} />}
    </section>
  )
}

function NoPatentsFound() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-16 text-center">
      <SearchX className="size-10 text-muted-foreground" />
      <p className="text-base font-semibold">No patents found</p>
      <p className="text-sm text-muted-foreground">Try a different search term or modify your query</p>
    </div>
  )
}
