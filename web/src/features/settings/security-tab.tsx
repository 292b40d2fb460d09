import { useQuery } from '@tanstack/react-query'
import { Monitor, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { profileQueryOptions } from '@/features/auth'
import { formatDateTime } from '@/lib/format'
import { useActiveSessions } from './api'
import { LogoutAllDialog } from './logout-all-dialog'
import { TwoFactorDisableDialog } from './two-factor-disable-dialog'
import { TwoFactorEnableDialog } from './two-factor-enable-dialog'
import { describeUserAgent } from './user-agent'

export function SecurityTab() {
  const sessions = useActiveSessions()
  const count = sessions.data?.length
  const twoFactorEnabled = useQuery(profileQueryOptions).data?.twoFactorEnabled

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Password and Profile</CardTitle>
          <CardDescription>Change your password, email address and name on your profile.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <Link to="/profile">
              <UserRound />
              Go to My Profile
            </Link>
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Active Sessions</CardTitle>
            <CardDescription>
              {count === undefined
                ? 'Devices and browsers signed in to your account.'
                : `${count} active ${count === 1 ? 'session' : 'sessions'}`}
            </CardDescription>
          </div>
          <LogoutAllDialog />
        </CardHeader>
        <CardContent>
          <QueryState query={sessions} loadingText="Loading sessions...">
            {(list) => (
              <ul className="divide-y rounded-lg border">
                {list.map((session) => (
                  <li key={session.id} className="flex gap-3 px-4 py-3">
                    <Monitor className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <div className="min-w-0 flex-1 space-y-0.5">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                        <span className="min-w-0 max-w-full truncate" title={session.userAgent ?? undefined}>
                          {describeUserAgent(session.userAgent)}
                        </span>
                        {session.current && <Badge variant="success">This device</Badge>}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Signed in {formatDateTime(session.createdAt)} · Last used{' '}
                        {formatDateTime(session.lastUsedAt)}
                        {session.ipAddress && ` · ${session.ipAddress}`}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Two-Factor Authentication</CardTitle>
            <CardDescription className="flex flex-wrap items-center gap-2">
              {twoFactorEnabled === undefined ? (
                'Checking…'
              ) : twoFactorEnabled ? (
                <>
                  <Badge variant="success">On</Badge> Signing in asks for a code from your authenticator app.
                </>
              ) : (
                'Two-factor authentication is not enabled.'
              )}
            </CardDescription>
          </div>
          {twoFactorEnabled === true && <TwoFactorDisableDialog />}
          {twoFactorEnabled === false && <TwoFactorEnableDialog />}
        </CardHeader>
      </Card>
    </div>
  )
}
