import type { ApplicationSummary } from '@patentdesk/contract/applications'
import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/format'
import { useRecentFeedback } from './api'

/** The newest feedback on the user's recent applications (undefined while they load). */
export function RecentFeedbackCard({ applications }: { applications: ApplicationSummary[] | undefined }) {
  const { feedback, isPending, error } = useRecentFeedback(applications ?? [])
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Recent Feedback</CardTitle>
      </CardHeader>
      <CardContent>
        {!applications || isPending ? (
          <p className="text-sm text-muted-foreground">Loading feedback...</p>
        ) : error ? (
          <p className="text-sm text-destructive">{error.message}</p>
        ) : feedback.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No feedback to display</p>
        ) : (
          <ul className="divide-y">
            {feedback.map((item) => (
              <li key={item.id} className="grid grid-cols-1 gap-1 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    to={`/patents/${item.application.id}/feedback`}
                    className="min-w-0 truncate text-sm font-medium hover:underline"
                  >
                    {item.application.title}
                  </Link>
                  <time dateTime={item.createdAt} className="text-xs text-muted-foreground">
                    {formatDateTime(item.createdAt)}
                  </time>
                </div>
                <p className="text-xs font-medium text-muted-foreground">{item.source}</p>
                <p className="line-clamp-3 text-sm text-slate-700">{item.content}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
