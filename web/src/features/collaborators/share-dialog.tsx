import type { Application } from '@patentdesk/contract/applications'
import { Share2, Users } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog'
import { InviteForm } from './invite-form'
import { PeopleList } from './people-list'

/**
 * Who works on the application: its owner invites people and manages their roles here; a collaborator sees
 * who has access and may leave. Nothing is asked of the server until it opens.
 */
export function ShareDialog({ application }: { application: Application }) {
  const isOwner = application.access === 'owner'
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          {isOwner ? <Share2 /> : <Users />}
          {isOwner ? 'Share' : 'Who has access'}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={isOwner ? 'Share application' : 'Who has access'}
        description={`${application.reference} · ${application.title}`}
        className="max-w-xl"
      >
        {isOwner && <InviteForm applicationId={application.id} />}
        <PeopleList application={application} />
      </DialogContent>
    </Dialog>
  )
}
