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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** As the client's router matches: `:name` is one non-empty segment, case-insensitive, a trailing slash allowed. */
const patterns = Object.values(clientPaths).map((path) => {
  const segments = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
  return new RegExp(`^${segments.join('/').replace(/\/$/, '')}/?$`, 'i')
})

/** Whether the client has a page for `pathname` (no query string). */
export function isClientPath(pathname: string) {
  return patterns.some((pattern) => pattern.test(pathname))
}
