import type { ComponentType } from 'react'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router'
import type { RouteHandle } from './layout/route-title'
import { InitialLoadingBar, RouteLoadingBar } from './route-loading'
import { LandingPage } from './routes/landing-page'
import { NotFoundPage } from './routes/not-found-page'
import { RootRoute } from './routes/root-route'
import { RouteErrorPage } from './routes/route-error-page'

/*
 * Every screen but the landing page is its own chunk, fetched on the first visit of its route (react-router's
 * `lazy`: the current screen stays up while it loads, and RouteLoadingBar shows if that takes a while). The
 * landing page, the 404 and the error page stay in the entry chunk: the first is where most visits begin,
 * the other two must show even when a chunk cannot load. Handles (titles) stay here, so they need no chunk.
 */

const titled = (title: string): RouteHandle => ({ title })

/** A route whose component comes from a module loaded on the first visit. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) })

const patentSearch = {
  lazy: page(
    () => import('@/features/patents/patent-search'),
    (m) => m.PatentSearch,
  ),
  handle: titled('Patent Search'),
}

const applicationDetail = () => import('./routes/application-detail-page')

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <RootRoute />
        <RouteLoadingBar />
      </>
    ),
    errorElement: <RouteErrorPage />,
    // While the first screen's chunk (or the sign-in redirect of the auth screens) loads.
    HydrateFallback: InitialLoadingBar,
    children: [
      { index: true, element: <LandingPage /> },
      {
        // guards also holds the signed-in shell; it is what follows a login anyway.
        lazy: async () => {
          const [{ redirectSignedIn }, { AuthLayout }] = await Promise.all([
            import('./guards'),
            import('./layout/auth-layout'),
          ])
          return { loader: redirectSignedIn, Component: AuthLayout }
        },
        children: [
          {
            path: 'login',
            lazy: page(
              () => import('@/features/auth/login-form'),
              (m) => m.LoginForm,
            ),
            handle: titled('Login'),
          },
          {
            path: 'register',
            lazy: page(
              () => import('@/features/auth/register-form'),
              (m) => m.RegisterForm,
            ),
            handle: titled('Register'),
          },
          {
            path: 'forgot-password',
            lazy: page(
              () => import('@/features/auth/forgot-password-form'),
              (m) => m.ForgotPasswordForm,
            ),
            handle: titled('Forgot Password'),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('@/features/auth/reset-password-form'),
              (m) => m.ResetPasswordForm,
            ),
            handle: titled('Reset Password'),
          },
        ],
      },
      {
        lazy: page(
          () => import('./guards'),
          (m) => m.PublicShell,
        ),
        children: [
          { path: 'serpapi-search', ...patentSearch },
          { path: 'search', ...patentSearch },
          {
            path: 'patent-comparison',
            lazy: page(
              () => import('@/features/patents/patent-comparison'),
              (m) => m.PatentComparison,
            ),
            handle: titled('Patent Comparison'),
          },
          {
            path: 'patent-analysis',
            lazy: page(
              () => import('@/features/analysis/patent-analysis'),
              (m) => m.PatentAnalysis,
            ),
            handle: titled('Patent Analysis'),
          },
          {
            path: 'patent-details/:reference',
            lazy: page(
              () => import('@/features/patents/patent-details'),
              (m) => m.PatentDetailsRoute,
            ),
            handle: titled('Patent Details'),
          },
        ],
      },
      {
        lazy: page(
          () => import('./guards'),
          (m) => m.SignedInShell,
        ),
        children: [
          {
            path: 'dashboard',
            lazy: page(
              () => import('@/features/dashboard/dashboard'),
              (m) => m.Dashboard,
            ),
            handle: titled('Dashboard'),
          },
          {
            path: 'patents',
            lazy: page(
              () => import('@/features/applications/my-patents'),
              (m) => m.MyPatents,
            ),
            handle: titled('My Patents'),
          },
          {
            path: 'patents/:id',
            lazy: page(applicationDetail, (m) => m.ApplicationDetailPage),
            handle: titled('Application Details'),
          },
          {
            path: 'patents/:id/feedback',
            lazy: async () => {
              const { ApplicationDetailPage } = await applicationDetail()
              return { element: <ApplicationDetailPage tab="feedback" /> }
            },
            handle: titled('Application Feedback'),
          },
          {
            path: 'new-application',
            lazy: page(
              () => import('./routes/new-application-page'),
              (m) => m.NewApplicationPage,
            ),
            handle: titled('New Patent Application'),
          },
          {
            path: 'profile',
            lazy: page(
              () => import('./routes/profile-page'),
              (m) => m.ProfilePage,
            ),
            handle: titled('My Profile'),
          },
          {
            path: 'settings',
            lazy: page(
              () => import('@/features/settings/application-settings'),
              (m) => m.ApplicationSettings,
            ),
            handle: titled('Application Settings'),
          },
          {
            path: 'notifications',
            lazy: page(
              () => import('@/features/notifications/notification-list'),
              (m) => m.NotificationList,
            ),
            handle: titled('Notifications'),
          },
          {
            lazy: page(
              () => import('./guards'),
              (m) => m.AdminOnly,
            ),
            children: [
              {
                path: 'admin',
                lazy: page(
                  () => import('@/features/admin/admin-dashboard'),
                  (m) => m.AdminDashboard,
                ),
                handle: titled('Admin Dashboard'),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: titled('404 Page Not Found') },
    ],
  },
]

export const router = createBrowserRouter(routes)

/**
 * Starts loading a page's chunks when a link to it is pointed at, touched or focused, so that the click
 * usually finds them loaded. Calling a route's `lazy` only imports its modules; the router's own call then
 * finds them in the module cache.
 */
export function prefetchRoutesOnIntent() {
  const seen = new Set<string>()
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
    if (seen.has(link.pathname)) return
    seen.add(link.pathname)
    for (const { route } of matchRoutes(routes, link.pathname) ?? []) {
      if (typeof route.lazy === 'function') route.lazy().catch(() => seen.delete(link.pathname))
    }
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('touchstart', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)
}
