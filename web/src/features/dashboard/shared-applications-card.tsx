import { roleLabels } from '@patentdesk/contract/collaborator-roles'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { useSharedApplications } from '@/features/collaborators'
import { selectRecentApplications } from './api'
import { ApplicationLinkItem } from './application-link-item'
import { PanelLink } from './panel-link'

/** The latest applications others shared with the user, each with its owner and the user's role. */
export function SharedApplicationsCard() {
  const shared = useSharedApplications()
  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex-row items-start justify-between gap-4 border-b pb-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Shared with me</CardTitle>
          {shared.data && (
            <CardDescription>
              {shared.data.length === 1 ? '1 application' : `${shared.data.length} applications`}
            </CardDescription>
          )}
        </div>
        <PanelLink to="/patents?shared=1">View all</PanelLink>
      </CardHeader>
      <QueryState query={shared} className="px-6 py-6 text-center">
        {(list) =>
          list.length === 0 ? (
            <p className="px-6 py-6 text-center text-sm text-muted-foreground">
              Applications others share with you show here.
            </p>
          ) : (
            <ul className="divide-y px-6">
              {selectRecentApplications(list).map((application) => (
                <ApplicationLinkItem
                  key={application.id}
                  application={application}
                  about={`${application.ownerName ?? 'Unknown'} · ${roleLabels[application.role]}`}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  )
}
