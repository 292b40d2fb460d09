import { clientPaths } from '@patentdesk/contract/client-routes'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from './router'

/** Every full path the route tree renders a page for. */
function pathsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`
    const own = route.index || (route.path !== undefined && !route.children) ? [path || '/'] : []
    return [...own, ...pathsOf(route.children ?? [], path)]
  })
}

describe('the route table', () => {
  it('is the one the server answers 200 for (contract clientPaths), and nothing else but the catch-all', () => {
    const paths = pathsOf(routes).filter((path) => path !== '/*')
    expect(new Set(paths)).toEqual(new Set(Object.values(clientPaths)))
    expect(pathsOf(routes)).toContain('/*')
  })
})
