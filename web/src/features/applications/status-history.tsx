import { statusLabels } from '@patentdesk/contract/application-statuses'
import { ArrowRight } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/format'
import { useStatusHistory } from './api'

/** Who changed the status, when, and from what to what; oldest first, as the server lists it. */
export function StatusHistory({ applicationId }: { applicationId: number }) {
  const history = useStatusHistory(applicationId)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Status History</CardTitle>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p className="text-sm text-muted-foreground">Loading history...</p>
        ) : history.error ? (
          <p className="text-sm text-destructive">{history.error.message}</p>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No status changes recorded yet.</p>
        ) : (
          <ol className="grid gap-3 border-l pl-4">
            {history.data.map((change) => (
              <li key={change.id} className="relative">
                <span
                  aria-hidden
                  className="absolute top-1.5 -left-[21px] size-2.5 rounded-full bg-primary"
                />
                <p className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
                  {change.fromStatus === null ? (
                    `Created as ${statusLabels[change.toStatus]}`
                  ) : (
                    <>
                      {statusLabels[change.fromStatus]}
                      <ArrowRight className="size-3.5 text-muted-foreground" role="img" aria-label="to" />
                      {statusLabels[change.toStatus]}
                    </>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {change.changedBy
                    ? `${change.changedBy.fullName}${change.changedBy.isAdmin ? ' (Admin)' : ''}`
                    : 'Unknown user'}{' '}
                  · <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
