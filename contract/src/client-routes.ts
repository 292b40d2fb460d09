/** The web client's route table (docs/product.md, Routes and guards): every path it renders a page for. Any
 * other path is its Not Found page. */
export const clientPaths = {
  landing: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  search: '/search',
  serpapiSearch: '/serpapi-search',
  patentComparison: '/patent-comparison',
  patentAnalysis: '/patent-analysis',
  patentDetails: '/patent-details/:reference',
  dashboard: '/dashboard',
  myPatents: '/patents',
  application: '/patents/:id',
  applicationFeedback: '/patents/:id/feedback',
  newApplication: '/new-application',
  profile: '/profile',
  settings: '/settings',
  notifications: '/notifications',
  admin: '/admin',
} as const

export type ClientPage = keyof typeof clientPaths

const signedInLayout = 'src/app/layout/app-layout.tsx'

/**
 * The modules a first visit of each page loads after the entry (its lazy route's; for the signed-in pages,
 * the signed-in layout's too), as paths under web/, the keys of Vite's build manifest. The server names their
 * chunks and those chunks' imports in index.html (`modulepreload`), so they load beside the entry rather than
 * after it runs (decision 23). The landing page is in the entry. A web test checks these against the router.
 */
export const clientPageModules: Record<ClientPage, readonly string[]> = {
  landing: [],
  login: ['src/features/auth/login-form.tsx'],
  register: ['src/features/auth/register-form.tsx'],
  forgotPassword: ['src/features/auth/forgot-password-form.tsx'],
  resetPassword: ['src/features/auth/reset-password-form.tsx'],
  search: ['src/features/patents/patent-search.tsx'],
  serpapiSearch: ['src/features/patents/patent-search.tsx'],
  patentComparison: ['src/features/patents/patent-comparison.tsx'],
  patentAnalysis: ['src/features/analysis/patent-analysis.tsx'],
  patentDetails: ['src/features/patents/patent-details.tsx'],
  dashboard: [signedInLayout, 'src/features/dashboard/dashboard.tsx'],
  myPatents: [signedInLayout, 'src/features/applications/my-patents.tsx'],
  application: [signedInLayout, 'src/app/routes/application-detail-page.tsx'],
  applicationFeedback: [signedInLayout, 'src/app/routes/application-detail-page.tsx'],
  newApplication: [signedInLayout, 'src/app/routes/new-application-page.tsx'],
  profile: [signedInLayout, 'src/app/routes/profile-page.tsx'],
  settings: [signedInLayout, 'src/features/settings/application-settings.tsx'],
  notifications: [signedInLayout, 'src/features/notifications/notification-list.tsx'],
  admin: [signedInLayout, 'src/features/admin/admin-dashboard.tsx'],
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** As the client's router matches: `:name` is one non-empty segment, case-insensitive, a trailing slash allowed. */
const patterns = (Object.entries(clientPaths) as [ClientPage, string][]).map(([page, path]) => {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
  return { page, pattern: new RegExp(`^${segments.join('/').replace(/\/$/, '')}/?$`, 'i') }
})

/** The client's page for `pathname` (no query string), if it has one. */
export function clientPageOf(pathname: string): ClientPage | undefined {
  return patterns.find(({ pattern }) => pattern.test(pathname))?.page
}

/** Whether the client has a page for `pathname` (no query string). */
export function isClientPath(pathname: string) {
  return clientPageOf(pathname) !== undefined
}
