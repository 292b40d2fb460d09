import { collaboratorMessages } from '@patentdesk/contract/collaborators'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/toast'
import { ApiError } from '@/lib/api-client'
import { useSessionUser } from '@/lib/session'
import { useAcceptInvitation } from './api'

/**
 * /invitation?token=: where an invitation mail leads. A visitor signs up or in and comes back here; the
 * signed-in reader accepts with a click, never on arrival: mail scanners open links.
 */
export function InvitationPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? ''
  const user = useSessionUser()
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Invitation
        </CardTitle>
        <CardDescription>You were invited to work on a patent application.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!token ? (
          <Alert variant="destructive">{collaboratorMessages.invitationInvalid}</Alert>
        ) : user ? (
          <Accept token={token} fullName={user.fullName} />
        ) : (
          <SignUpOrIn />
        )}
      </CardContent>
    </Card>
  )
}

/** Both come back to this page (`?next=`), where the invitation is accepted. */
function SignUpOrIn() {
  const { pathname, search } = useLocation()
  const next = encodeURIComponent(`${pathname}${search}`)
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Create an account, or sign in if you have one, then accept the invitation here.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <Button asChild>
          <Link to={`/register?next=${next}`}>Create an account</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={`/login?next=${next}`}>Sign in</Link>
        </Button>
      </div>
    </>
  )
}

function Accept({ token, fullName }: { token: string; fullName: string }) {
  const accept = useAcceptInvitation()
  const navigate = useNavigate()
  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: ({ applicationId }) => {
        toast({ title: 'Invitation accepted', description: 'The application is now shared with you.' })
        navigate(`/patents/${applicationId}`, { replace: true })
      },
    })
  // A withdrawn or used invitation stays so: only the message is left to show.
  if (accept.error instanceof ApiError && accept.error.status === 404) {
    return (
      <>
        <Alert variant="destructive">{accept.error.message}</Alert>
        <Button variant="outline" asChild>
          <Link to="/dashboard">Go to the dashboard</Link>
        </Button>
      </>
    )
  }
  return (
    <>
      {accept.isError && <Alert variant="destructive">{accept.error.message}</Alert>}
      <p className="text-sm text-muted-foreground">
        Signed in as <span className="font-medium text-foreground">{fullName}</span>. Accept to open the
        application with the role its owner gave you.
      </p>
      <Button disabled={accept.isPending} onClick={onAccept}>
        {accept.isPending ? 'Accepting...' : 'Accept invitation'}
      </Button>
    </>
  )
}
