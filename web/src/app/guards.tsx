import { Navigate, Outlet, redirect } from 'react-router'
import { getSessionUser, useSessionUser } from '@/features/auth/session'
import { AppLayout } from './layout/app-layout'
import { PublicLayout } from './layout/public-layout'

/**
 * Login, register and the password reset pages send a visitor who arrives signed in to /dashboard.
 * A loader, unlike a component, decides only on arrival, so signing in on these screens leaves the
 * redirect to the form.
 */
export function redirectSignedIn() {
  return getSessionUser() ? redirect('/dashboard') : null
}

/** Authenticated screens: anonymous visitors go to /login, also when the session ends while here. */
export function SignedInShell() {
  const user = useSessionUser()
  if (!user) return <Navigate to="/login" replace />
  return <AppLayout user={user} />
}

/** Public patent screens: the shared layout when signed in, a light public one otherwise. */
export function PublicShell() {
  const user = useSessionUser()
  return user ? <AppLayout user={user} /> : <PublicLayout />
}

export function AdminOnly() {
  const user = useSessionUser()
  if (!user?.isAdmin) return <Navigate to="/dashboard" replace />
  return <Outlet />
}
