import { Link } from 'react-router'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { useUpcomingDeadlines } from './api'
import { DaysLeft, DeadlineStatusBadge } from './deadline-parts'
import { formatDay } from './filing-format'

/** The next open deadlines across the user's own applications, soonest first (the server picks them). */
export function UpcomingDeadlinesCard() {
  const upcoming = useUpcomingDeadlines()
  return (
    <Card role="region" aria-labelledby="upcoming-deadlines-heading">
      <CardHeader>
        <CardTitle id="upcoming-deadlines-heading" className="text-base">
          Upcoming Deadlines
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={upcoming} loadingText="Loading deadlines...">
          {(list) =>
            list.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">No upcoming deadlines.</p>
            ) : (
              <ul className="divide-y">
                {list.map(({ applicationId, reference, title, deadline }) => (
                  <li key={`${applicationId}-${deadline.id}`} className="flex items-start gap-4 py-3">
                    <div className="w-28 shrink-0">
                      <time dateTime={deadline.dueDate} className="block text-sm font-medium">
                        {formatDay(deadline.dueDate)}
                      </time>
                      <DaysLeft deadline={deadline} />
                    </div>
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <p className="text-sm font-medium">{deadline.title}</p>
                      <Link
                        to={`/patents/${applicationId}`}
                        className="truncate text-xs text-muted-foreground hover:text-foreground hover:underline"
                      >
                        <span className="font-mono">{reference}</span> · {title}
                      </Link>
                    </div>
                    <DeadlineStatusBadge deadline={deadline} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  )
}
