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
  coverage: '/coverage',
  unsubscribe: '/unsubscribe',
  invitation: '/invitation',
  dashboard: '/dashboard',
  myPatents: '/patents',
  application: '/patents/:id',
  applicationFeedback: '/patents/:id/feedback',
  newApplication: '/new-application',
  profile: '/profile',
  settings: '/settings',
  notifications: '/notifications',
  savedSearches: '/saved-searches',
  admin: '/admin',
} as const

export type ClientPage = keyof typeof clientPaths

/**
 * Where the client's build lists, beside Vite's manifest, the modules a first visit of each page loads after
 * the entry (web/src/app/page-modules.ts): the server names their chunks in index.html (decision 23).
 */
export const pageModulesFile = '.vite/page-modules.json'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** As the client's router matches: `:name` is one non-empty segment, case-insensitive, a trailing slash allowed. */
const patterns = (Object.entries(clientPaths) as [ClientPage, string][]).map(([page, path]) => {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
  return { page, pattern: new RegExp(`^${segments.join('/').replace(/\/$/, '')}/?$`, 'i') }
})

/** The details page of a patent. */
export const patentDetailsPath = (reference: string) =>
  clientPaths.patentDetails.replace(':reference', encodeURIComponent(reference))

/** The client's page for `pathname` (no query string), if it has one. */
export function clientPageOf(pathname: string): ClientPage | undefined {
  return patterns.find(({ pattern }) => pattern.test(pathname))?.page
}

/** Whether the client has a page for `pathname` (no query string). */
export function isClientPath(pathname: string) {
  return clientPageOf(pathname) !== undefined
}
