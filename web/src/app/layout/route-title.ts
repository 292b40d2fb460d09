import { useMatches } from 'react-router'

export type RouteHandle = { title: string }

/** The title of the deepest matched route that declares one in its handle. */
export function useRouteTitle() {
  const matches = useMatches()
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as RouteHandle | undefined
    if (handle?.title) return handle.title
  }
  return undefined
}
