import { useQuery } from '@tanstack/react-query'
import { QueryState } from '@/components/ui/query-state'
import { SearchReportView } from '@/features/analysis'
import { searchReportQueryOptions } from '@/lib/application-queries'
import { formatDateTime } from '@/lib/format'

/**
 * The search report of the application's stored analysis, for its owner as for the administrators; made
 * when an administrator generates the analysis.
 */
export function SearchReportTab({ applicationId, title }: { applicationId: number; title: string }) {
  const report = useQuery(searchReportQueryOptions(applicationId))
  return (
    <QueryState query={report}>
      {(data) =>
        data ? (
          <div className="grid gap-3">
            <p className="text-xs text-muted-foreground">Made on {formatDateTime(data.createdAt)}.</p>
            <SearchReportView report={data.searchReport} subject={title} />
          </div>
        ) : (
          <p className="py-6 text-center text-sm text-muted-foreground">
            No search report yet: it is made when an administrator generates the analysis of this application.
          </p>
        )
      }
    </QueryState>
  )
}
