import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { QueryState } from '@/components/ui/query-state'
import { SkeletonLines } from '@/components/ui/skeleton'
import { SearchReportView } from './search-report'

/** The invalidity search of a patent: the report on its claims against what came before its own dates. */
export const priorArtQueryOptions = (reference: string) =>
  queryOptions<AnalysisResult>({
    queryKey: [`/api/public/patents/${encodeURIComponent(reference)}/prior-art`],
    // One run per visit: it is an analysis, counted against the address's analyses per minute.
    staleTime: Number.POSITIVE_INFINITY,
  })

/** The Prior art tab of a patent's details page, which runs the search once it is opened. */
export function PriorArtPanel({ reference, title }: { reference: string; title: string }) {
  const priorArt = useQuery(priorArtQueryOptions(reference))
  return (
    <QueryState
      query={priorArt}
      loadingText="Searching for prior art..."
      skeleton={<SkeletonLines lines={6} />}
    >
      {(result) =>
        result.searchReport ? (
          <div className="grid gap-3">
            <p className="text-xs text-muted-foreground">
              {result.similarPatents.patents.length} similar patents found; those holding features of the
              claims are cited. This patent and its family are left out.
            </p>
            <SearchReportView report={result.searchReport} subject={`${reference} ${title}`} />
          </div>
        ) : null
      }
    </QueryState>
  )
}
