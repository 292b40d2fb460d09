import type { ApplicationSummary } from '@patentdesk/contract/applications'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { LoadingSkeleton, SkeletonRows } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/format'
import { ApplicationLinkItem } from './application-link-item'
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
              <ApplicationLinkItem
                key={application.id}
                application={application}
                about={
                  <>
                    <span className="font-mono">{application.reference}</span> · Updated{' '}
                    {formatDate(application.updatedAt)}
                  </>
                }
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
