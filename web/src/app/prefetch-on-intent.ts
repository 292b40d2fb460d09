import { matchRoutes, type RouteObject } from 'react-router'

/**
 * Starts loading a page's chunks when a link to it is pointed at, touched or focused, so that the click
 * usually finds them loaded. Calling a route's `lazy` only imports its modules; the router's own call then
 * finds them in the module cache.
 */
export function prefetchRoutesOnIntent(routes: RouteObject[]) {
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
