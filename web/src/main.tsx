import './index.css'
import { messages } from '@patentdesk/contract/errors'
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { preloadSignedInLayout } from '@/app/guards'
import { prefetchRoutesOnIntent } from '@/app/prefetch-on-intent'
import { RouterSubscribed, router, routes } from '@/app/router'
import { keepToastsToTheirScreen } from '@/app/toasts-follow-screens'
import { Toaster, toast } from '@/components/ui/toast'
import { loginPathFor } from '@/features/auth/next-path'
import { configureApiClient } from '@/lib/api-client'
import { queryClient } from '@/lib/query-client'
import { clearSession, getSessionUser, getToken } from '@/lib/session'

configureApiClient({
  getToken,
  // Forced logout: the server no longer accepts the stored token.
  onSessionExpired: () => {
    if (!getSessionUser()) return
    clearSession({ expired: true })
    queryClient.removeQueries()
    const { pathname, search } = router.state.location
    void router.navigate(loginPathFor(`${pathname}${search}`), { replace: true })
    toast({ title: 'Session expired', description: messages.sessionExpired, variant: 'destructive' })
  },
})

// A page's chunk that no longer exists (the app was redeployed since this tab loaded it) means a stale tab:
// load the new version once, rather than show the error page; not again within a minute, so no reload loop.
const reloadedKey = 'patentdesk.chunk-reload'
window.addEventListener('vite:preloadError', () => {
  const last = Number(sessionStorage.getItem(reloadedKey))
  if (Date.now() - last < 60_000) return
  sessionStorage.setItem(reloadedKey, String(Date.now()))
  window.location.reload()
})
preloadSignedInLayout()
prefetchRoutesOnIntent(routes)
keepToastsToTheirScreen(router)

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element.')

// A transition: React renders the first screen in slices of a few milliseconds with the browser given the
// thread between them, rather than in one task as long as the whole render (docs/decisions/0040).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <RouterSubscribed />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  )
})
