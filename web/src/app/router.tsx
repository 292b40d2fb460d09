import { type ComponentType, useLayoutEffect } from 'react'
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { queryClient } from '@/lib/query-client'
import { AdminOnly, PublicShell, redirectSignedIn, SignedInShell } from './guards'
import { AuthLayout } from './layout/auth-layout'
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

/*
 * The first screen renders as a transition (main.tsx): in slices, the browser given the thread between them.
 * RouterProvider subscribes to the router only when that render commits (a layout effect), so a lazy route
 * whose chunk arrived during the render would complete unheard, and the page stay on its fallback for good.
 * A lazy route therefore completes only once the router has its subscriber: RouterSubscribed, rendered after
 * RouterProvider, says so from its own layout effect, which React runs after RouterProvider's.
 */
let markSubscribed = () => {}
const subscribed = new Promise<void>((resolve) => {
  markSubscribed = resolve
})

export function RouterSubscribed() {
  useLayoutEffect(markSubscribed, [])
  return null
}

/** A route's lazy part: its modules load at once, and complete the route once the router is heard. */
const whenHeard =
  <T,>(load: () => Promise<T>) =>
  async () => {
    const loaded = await load()
    await subscribed
    return loaded
  }

/** A route whose component comes from a module loaded on the first visit. */
const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  whenHeard(async () => ({ Component: pick(await load()) }))

/*
 * On the first page of a visit, a page route's HydrateFallback takes the page's place while its chunk loads:
 * the layouts above it (public header, sign-in frame, with the page's title) are in the entry chunk and paint
 * at once, as the landing page does, rather than a blank page until every chunk is in.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  lazy: page(load, pick),
  HydrateFallback: InitialLoadingBar,
})

const patentSearch = {
  ...lazyPage(
    () => import('@/features/patents/patent-search'),
    (m) => m.PatentSearch,
  ),
  // Asks for the answer as soon as the page's modules are in, before it renders; returns at once, so the route
  // waits for nothing. A chunk that cannot load is the page's own error to show.
  loader: ({ request }: LoaderFunctionArgs) => {
    import('@/features/patents/patent-search')
      .then(({ prefetchPatentSearch }) => prefetchPatentSearch(queryClient, request.url))
      .catch(() => {})
    return null
  },
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
    // While a first screen loads that has no fallback of its own below this one (every lazy page has).
    HydrateFallback: InitialLoadingBar,
    children: [
      { index: true, element: <LandingPage /> },
      {
        // In the entry, as the public shell. The redirect of a signed-in visitor is each screen's loader: a
        // loader on this layout would hold the layout back until the screen's chunk is in.
        Component: AuthLayout,
        children: [
          {
            path: 'login',
            loader: redirectSignedIn,
            ...lazyPage(
              () => import('@/features/auth/login-form'),
              (m) => m.LoginForm,
            ),
            handle: titled('Login'),
          },
          {
            path: 'register',
            loader: redirectSignedIn,
            ...lazyPage(
              () => import('@/features/auth/register-form'),
              (m) => m.RegisterForm,
            ),
            handle: titled('Register'),
          },
          {
            path: 'forgot-password',
            loader: redirectSignedIn,
            ...lazyPage(
              () => import('@/features/auth/forgot-password-form'),
              (m) => m.ForgotPasswordForm,
            ),
            handle: titled('Forgot Password'),
          },
          {
            path: 'reset-password',
            loader: redirectSignedIn,
            ...lazyPage(
              () => import('@/features/auth/reset-password-form'),
              (m) => m.ResetPasswordForm,
            ),
            handle: titled('Reset Password'),
          },
          {
            // Signed in or not: a mail's link, which needs no sign-in.
            path: 'unsubscribe',
            ...lazyPage(
              () => import('@/features/saved-searches/unsubscribe-page'),
              (m) => m.UnsubscribePage,
            ),
            handle: titled('Unsubscribe'),
          },
          {
            // Signed in or not: an invitation mail's link; signing up or in comes back here to accept it.
            path: 'invitation',
            ...lazyPage(
              () => import('@/features/collaborators/invitation-page'),
              (m) => m.InvitationPage,
            ),
            handle: titled('Invitation'),
          },
        ],
      },
      {
        Component: PublicShell,
        children: [
          { path: 'serpapi-search', ...patentSearch },
          { path: 'search', ...patentSearch },
          {
            path: 'patent-comparison',
            ...lazyPage(
              () => import('@/features/patents/patent-comparison'),
              (m) => m.PatentComparison,
            ),
            handle: titled('Patent Comparison'),
          },
          {
            path: 'patent-analysis',
            ...lazyPage(
              () => import('@/features/analysis/patent-analysis'),
              (m) => m.PatentAnalysis,
            ),
            handle: titled('Patent Analysis'),
          },
          {
            path: 'patent-details/:reference',
            ...lazyPage(
              () => import('./routes/patent-details-page'),
              (m) => m.PatentDetailsPage,
            ),
            handle: titled('Patent Details'),
          },
          {
            path: 'coverage',
            ...lazyPage(
              () => import('@/features/corpus/corpus-coverage-page'),
              (m) => m.CorpusCoveragePage,
            ),
            handle: titled('Corpus coverage'),
          },
        ],
      },
      {
        Component: SignedInShell,
        children: [
          {
            path: 'dashboard',
            ...lazyPage(
              () => import('@/features/dashboard/dashboard'),
              (m) => m.Dashboard,
            ),
            handle: titled('Dashboard'),
          },
          {
            path: 'patents',
            ...lazyPage(
              () => import('@/features/applications/my-patents'),
              (m) => m.MyPatents,
            ),
            handle: titled('My Patents'),
          },
          {
            path: 'patents/:id',
            ...lazyPage(applicationDetail, (m) => m.ApplicationDetailPage),
            handle: titled('Application Details'),
          },
          {
            path: 'patents/:id/feedback',
            lazy: whenHeard(async () => {
              const { ApplicationDetailPage } = await applicationDetail()
              return { element: <ApplicationDetailPage tab="feedback" /> }
            }),
            HydrateFallback: InitialLoadingBar,
            handle: titled('Application Feedback'),
          },
          {
            path: 'new-application',
            ...lazyPage(
              () => import('./routes/new-application-page'),
              (m) => m.NewApplicationPage,
            ),
            handle: titled('New Patent Application'),
          },
          {
            path: 'profile',
            ...lazyPage(
              () => import('./routes/profile-page'),
              (m) => m.ProfilePage,
            ),
            handle: titled('My Profile'),
          },
          {
            path: 'settings',
            ...lazyPage(
              () => import('@/features/settings/application-settings'),
              (m) => m.ApplicationSettings,
            ),
            handle: titled('Application Settings'),
          },
          {
            path: 'notifications',
            ...lazyPage(
              () => import('@/features/notifications/notification-list'),
              (m) => m.NotificationList,
            ),
            handle: titled('Notifications'),
          },
          {
            path: 'saved-searches',
            ...lazyPage(
              () => import('@/features/saved-searches/saved-searches-page'),
              (m) => m.SavedSearchesPage,
            ),
            handle: titled('Saved Searches'),
          },
          {
            Component: AdminOnly,
            children: [
              {
                path: 'admin',
                ...lazyPage(
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
