import type { createBrowserRouter } from 'react-router'
import { dismissToastsOfEarlierScreens } from '@/components/ui/toast'

type DataRouter = ReturnType<typeof createBrowserRouter>

/**
 * Dismisses the toasts of earlier screens when the path changes (a new query on the same screen keeps
 * them). A navigation may wait for a page's chunk, so it counts from when it began, not when it ended.
 * Returns the unsubscribe function.
 */
export function keepToastsToTheirScreen(router: DataRouter) {
  let pathname = router.state.location.pathname
  let startedAt: number | null = null
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle') {
      startedAt ??= Date.now()
      return
    }
    if (state.location.pathname !== pathname) {
      pathname = state.location.pathname
      dismissToastsOfEarlierScreens(startedAt ?? Date.now())
    }
    startedAt = null
  })
}
