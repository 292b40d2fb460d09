import type { ApplicationSummary } from '@patentdesk/contract/applications'
import { Link } from 'react-router'
import { StatusBadge } from '@/components/status-badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadingSkeleton, SkeletonRows } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/format'
import { PanelLink } from './panel-link'

type RecentApplicationsCardProps = {
  /** Undefined while the list loads. */
  applications: ApplicationSummary[] | undefined
  error: Error | null
}

export function RecentApplicationsCard({ applications, error }: RecentApplicationsCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-base">Recent Applications</CardTitle>
        <PanelLink to="/patents">View all</PanelLink>
      </CardHeader>
      <CardContent>
        {error ? (
          <p className="text-sm text-destructive">{error.message}</p>
        ) : !applications ? (
          <LoadingSkeleton label="Loading applications...">
            <SkeletonRows rows={3} columns={3} />
          </LoadingSkeleton>
        ) : applications.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            You have no patent applications yet.
          </p>
        ) : (
          <ul className="divide-y">
            {applications.map((application) => (
              <li key={application.id}>
                <Link
                  to={`/patents/${application.id}`}
                  className="-mx-2 flex items-center gap-3 rounded-md px-2 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:-outline-offset-2"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{application.title}</p>
                    <p className="text-xs text-muted-foreground">
                      <span className="font-mono">{application.reference}</span> · Updated{' '}
                      {formatDate(application.updatedAt)}
                    </p>
                  </div>
                  <StatusBadge status={application.status} variant="table" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
