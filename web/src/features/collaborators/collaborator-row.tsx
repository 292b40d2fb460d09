import type { Application } from '@patentdesk/contract/applications'
import { roleLabels } from '@patentdesk/contract/collaborator-roles'
import type { Collaborator } from '@patentdesk/contract/collaborators'
import { LogOut, UserMinus } from 'lucide-react'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { IconButton } from '@/components/ui/icon-button'
import { toast } from '@/components/ui/toast'
import { useSessionUser } from '@/lib/session'
import { useChangeRole, useLeave, useRemoveCollaborator } from './api'
import { ConfirmBar } from './confirm-bar'
import { PersonName } from './person-name'
import { RoleSelect } from './role-select'

type CollaboratorRowProps = { application: Application; collaborator: Collaborator }

/**
 * One collaborator: the owner changes the role and removes them; a collaborator sees the role, and leaves
 * from their own row. An address nobody has accepted yet shows as an invitation.
 */
export function CollaboratorRow({ application, collaborator }: CollaboratorRowProps) {
  const user = useSessionUser()
  const isSelf = collaborator.user !== null && collaborator.user.id === user?.id
  const name = collaborator.user?.fullName ?? collaborator.email
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-3">
      <div className="grid min-w-0 flex-1 basis-40 justify-items-start gap-1">
        <PersonName name={name} isSelf={isSelf} />
        {collaborator.user ? (
          <p className="text-xs text-muted-foreground wrap-anywhere">{collaborator.email}</p>
        ) : (
          <Badge variant="secondary">Invitation sent</Badge>
        )}
      </div>
      {application.access === 'owner' ? (
        <OwnerControls applicationId={application.id} collaborator={collaborator} name={name} />
      ) : (
        <span className="text-sm text-muted-foreground">{roleLabels[collaborator.role]}</span>
      )}
      {isSelf && <LeaveAction application={application} collaborator={collaborator} />}
    </li>
  )
}

function OwnerControls({
  applicationId,
  collaborator,
  name,
}: {
  applicationId: number
  collaborator: Collaborator
  name: string
}) {
  const changeRole = useChangeRole(applicationId)
  const remove = useRemoveCollaborator(applicationId)
  const [confirming, setConfirming] = useState(false)
  const removeButton = useRef<HTMLButtonElement>(null)

  const cancel = () => {
    setConfirming(false)
    removeButton.current?.focus()
  }
  const confirm = () =>
    remove.mutate(collaborator.id, {
      onSuccess: () =>
        toast(
          collaborator.user
            ? { title: 'Collaborator removed', description: `${name} no longer has access.` }
            : { title: 'Invitation withdrawn', description: `The invitation to ${name} no longer works.` },
        ),
    })

  return (
    <>
      <div className="flex items-center gap-1">
        <RoleSelect
          label={`Role of ${name}`}
          value={collaborator.role}
          disabled={changeRole.isPending}
          onChange={(role) => changeRole.mutate({ collaboratorId: collaborator.id, role })}
        />
        <IconButton
          ref={removeButton}
          label={`Remove ${name}`}
          aria-expanded={confirming}
          onClick={() => setConfirming(true)}
        >
          <UserMinus />
        </IconButton>
      </div>
      {confirming && (
        <div className="basis-full">
          <ConfirmBar
            question={
              collaborator.user
                ? `Remove ${name}? They lose access at once.`
                : `Withdraw the invitation to ${name}? Its link stops working.`
            }
            confirmLabel={collaborator.user ? 'Remove' : 'Withdraw'}
            isPending={remove.isPending}
            onConfirm={confirm}
            onCancel={cancel}
          />
        </div>
      )}
    </>
  )
}

/** Leaving ends the collaborator's access at once, so the page they are on goes too. */
function LeaveAction({ application, collaborator }: CollaboratorRowProps) {
  const leave = useLeave(application.id)
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const leaveButton = useRef<HTMLButtonElement>(null)

  const cancel = () => {
    setConfirming(false)
    leaveButton.current?.focus()
  }
  const confirm = () =>
    leave.mutate(collaborator.id, {
      onSuccess: () => {
        toast({
          title: 'You left the application',
          description: `${application.reference} is no longer shared with you.`,
        })
        navigate('/patents?shared=1', { replace: true })
      },
    })

  return (
    <>
      <Button
        ref={leaveButton}
        size="sm"
        variant="outline"
        aria-expanded={confirming}
        onClick={() => setConfirming(true)}
      >
        <LogOut />
        Leave
      </Button>
      {confirming && (
        <div className="basis-full">
          <ConfirmBar
            question="Leave this application? Only its owner can share it with you again."
            confirmLabel="Leave"
            isPending={leave.isPending}
            onConfirm={confirm}
            onCancel={cancel}
          />
        </div>
      )}
    </>
  )
}
