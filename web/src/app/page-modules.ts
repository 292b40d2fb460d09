import type { ClientPage } from '@patentdesk/contract/client-routes'

const signedInLayout = 'src/app/layout/app-layout.tsx'

/**
 * The modules a first visit of each page loads after the entry (its lazy route's; for the signed-in pages,
 * the signed-in layout's too), as paths under web/, the keys of Vite's build manifest. The build writes them to
 * the contract's pageModulesFile (vite.config.ts), and the server names their chunks and those chunks' imports
 * in index.html (`modulepreload`), so they load beside the entry rather than after it runs (decision 23). The
 * landing page is in the entry. router.test.tsx checks these against the router.
 */
export const pageModules: Record<ClientPage, readonly string[]> = {
  landing: [],
  login: ['src/features/auth/login-form.tsx'],
  register: ['src/features/auth/register-form.tsx'],
  forgotPassword: ['src/features/auth/forgot-password-form.tsx'],
  resetPassword: ['src/features/auth/reset-password-form.tsx'],
  search: ['src/features/patents/patent-search.tsx'],
  serpapiSearch: ['src/features/patents/patent-search.tsx'],
  patentComparison: ['src/features/patents/patent-comparison.tsx'],
  patentAnalysis: ['src/features/analysis/patent-analysis.tsx'],
  patentDetails: ['src/app/routes/patent-details-page.tsx'],
  coverage: ['src/features/corpus/corpus-coverage-page.tsx'],
  unsubscribe: ['src/features/saved-searches/unsubscribe-page.tsx'],
  invitation: ['src/features/collaborators/invitation-page.tsx'],
  dashboard: [signedInLayout, 'src/features/dashboard/dashboard.tsx'],
  myPatents: [signedInLayout, 'src/features/applications/my-patents.tsx'],
  application: [signedInLayout, 'src/app/routes/application-detail-page.tsx'],
  applicationFeedback: [signedInLayout, 'src/app/routes/application-detail-page.tsx'],
  newApplication: [signedInLayout, 'src/app/routes/new-application-page.tsx'],
  profile: [signedInLayout, 'src/app/routes/profile-page.tsx'],
  settings: [signedInLayout, 'src/features/settings/application-settings.tsx'],
  notifications: [signedInLayout, 'src/features/notifications/notification-list.tsx'],
  savedSearches: [signedInLayout, 'src/features/saved-searches/saved-searches-page.tsx'],
  admin: [signedInLayout, 'src/features/admin/admin-dashboard.tsx'],
}
