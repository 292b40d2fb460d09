import { type LoaderFunctionArgs, Navigate, Outlet, redirect, useLocation } from 'react-router'
import { loginPathFor, safeNextPath } from '@/features/auth/next-path'
import { getSessionUser, sessionEndedByLogout, useSessionUser } from '@/lib/session'
import { AppLayout } from './layout/app-layout'
import { PublicLayout } from './layout/public-layout'

/**
 * Login, register and the password reset pages send a visitor who arrives signed in to /dashboard.
 * A loader, unlike a component, decides only on arrival, so signing in on these screens leaves the
 * redirect to the form.
 */
export function redirectSignedIn({ request }: LoaderFunctionArgs) {
  if (!getSessionUser()) return null
  return redirect(safeNextPath(new URL(request.url).searchParams.get('next')) ?? '/dashboard')
}

/**
 * Authenticated screens: anonymous visitors go to /login, also when the session expires while here, and the
 * login returns them to this page (`?next=`).
 */
export function SignedInShell() {
  const user = useSessionUser()
  const location = useLocation()
  if (!user) {
    // After a logout the logout itself goes to /login; a return address would only race it.
    if (sessionEndedByLogout()) return <Navigate to="/login" replace />
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />
  }
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
