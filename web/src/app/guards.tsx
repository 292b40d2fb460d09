import { lazy, Suspense } from 'react'
import { type LoaderFunctionArgs, Navigate, Outlet, redirect, useLocation } from 'react-router'
import { loginPathFor, safeNextPath } from '@/features/auth/next-path'
import { getSessionUser, type StoredUser, sessionEndedByLogout, useSessionUser } from '@/lib/session'
import { PublicLayout } from './layout/public-layout'
import { InitialLoadingBar } from './route-loading'

/*
 * The guards and shells are in the entry chunk with the light public layout, so that a first page paints its
 * layout while its own chunk loads (the router's HydrateFallback in the page's place). The signed-in layout
 * (sidebar, menus, notifications) is a chunk of its own, which only a signed-in visitor fetches; it loads
 * beside the page's chunk.
 */

/**
 * Login, register and the password reset pages send a visitor who arrives signed in to /dashboard.
 * A loader, unlike a component, decides only on arrival, so signing in on these screens leaves the
 * redirect to the form.
 */
export function redirectSignedIn({ request }: LoaderFunctionArgs) {
  if (!getSessionUser()) return null
  return redirect(safeNextPath(new URL(request.url).searchParams.get('next')) ?? '/dashboard')
}

const loadAppLayout = () => import('./layout/app-layout')
const LazyAppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }))

/** At start: a signed-in visitor's first page needs the signed-in layout; its chunk need not wait for a render. */
export function preloadSignedInLayout() {
  if (getSessionUser()) loadAppLayout().catch(() => {}) // a failure shows when the layout renders
}

function AppLayout({ user }: { user: StoredUser }) {
  return (
    <Suspense fallback={<InitialLoadingBar />}>
      <LazyAppLayout user={user} />
    </Suspense>
  )
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
