import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError } from '@/lib/api-client'
import { useUnsubscribe } from './api'

/**
 * /unsubscribe?token=: where a mail's unsubscribe link leads, no sign-in needed. It asks for a click rather
 * than acting on arrival: mail scanners open links, and a visit alone must change nothing.
 */
export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? ''
  const unsubscribe = useUnsubscribe()
  const refused = unsubscribe.error instanceof ApiError && unsubscribe.error.status < 500
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Unsubscribe
        </CardTitle>
        <CardDescription>Stop the mails of one saved search. Its notifications here stay.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!token || refused ? (
          <Alert variant="destructive">
            This unsubscribe link is not valid. Open it again from the mail, or change the search's alerts on
            your Saved searches page.
          </Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert variant="success">You will no longer receive mails for this saved search.</Alert>
        ) : (
          <>
            {unsubscribe.isError && <Alert variant="destructive">{unsubscribe.error.message}</Alert>}
            <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              {unsubscribe.isPending ? 'Unsubscribing...' : 'Stop these mails'}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  )
}
