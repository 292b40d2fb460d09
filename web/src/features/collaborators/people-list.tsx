import type { Application } from '@patentdesk/contract/applications'
import { QueryState } from '@/components/ui/query-state'
import { useSessionUser } from '@/lib/session'
import { useCollaborators, useSharedApplications } from './api'
import { CollaboratorRow } from './collaborator-row'
import { PersonName } from './person-name'

/** Everyone with access: the owner first, then each collaborator in the order they were invited. */
export function PeopleList({ application }: { application: Application }) {
  const collaborators = useCollaborators(application.id)
  return (
    <section aria-labelledby="people-heading" className="grid gap-2">
      <h3 id="people-heading" className="text-sm font-semibold">
        People with access
      </h3>
      <QueryState query={collaborators} loadingText="Loading people...">
        {(list) => (
          <>
            <ul className="divide-y rounded-lg border">
              <OwnerRow application={application} />
              {list.map((collaborator) => (
                <CollaboratorRow
                  key={collaborator.id}
                  application={application}
                  collaborator={collaborator}
                />
              ))}
            </ul>
            {list.length === 0 && (
              <p className="text-sm text-muted-foreground">Nobody else has access yet.</p>
            )}
          </>
        )}
      </QueryState>
    </section>
  )
}

function OwnerRow({ application }: { application: Application }) {
  const isOwner = application.access === 'owner'
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-3">
      <div className="grid min-w-0 flex-1 basis-40 gap-1">
        {isOwner ? <OwnName /> : <OwnerName applicationId={application.id} />}
      </div>
      <span className="text-sm text-muted-foreground">Owner</span>
    </li>
  )
}

function OwnName() {
  const user = useSessionUser()
  return (
    <>
      <PersonName name={user?.fullName ?? 'You'} isSelf />
      {user && <p className="text-xs text-muted-foreground wrap-anywhere">{user.email}</p>}
    </>
  )
}

/** A collaborator learns the owner's name from the list of applications shared with them. */
function OwnerName({ applicationId }: { applicationId: number }) {
  const shared = useSharedApplications()
  const ownerName = shared.data?.find(({ id }) => id === applicationId)?.ownerName
  return <PersonName name={ownerName ?? 'The applicant'} isSelf={false} />
}
