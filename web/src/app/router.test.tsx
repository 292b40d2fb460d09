import fs from 'node:fs'
import path from 'node:path'
import { clientPaths } from '@patentdesk/contract/client-routes'
import { render } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pageModules } from './page-modules'
import { RouterSubscribed, routes } from './router'

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

describe('the page modules the server preloads (page-modules.ts)', () => {
  const web = path.resolve(import.meta.dirname, '../..')
  const modules = new Set(Object.values(pageModules).flat())

  it('are files of the client, and every module the router loads lazily is one', () => {
    for (const module of modules) expect(fs.existsSync(path.join(web, module)), module).toBe(true)
    const router = fs.readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8')
    const lazy = [...router.matchAll(/import\('([^']+)'\)/g)].map(
      ([, specifier = '']) => `${specifier.replace(/^@\//, 'src/').replace(/^\.\//, 'src/app/')}.tsx`,
    )
    expect(lazy.length).toBeGreaterThan(10)
    for (const module of lazy) expect(modules, module).toContain(module)
  })
})

/** The route at `path` in the tree. */
function routeAt(tree: RouteObject[], path: string): RouteObject | undefined {
  for (const route of tree) {
    if (route.path === path) return route
    const found = routeAt(route.children ?? [], path)
    if (found) return found
  }
}

describe('a lazy route on the first screen', () => {
  it('completes only once RouterProvider has subscribed (RouterSubscribed has committed)', async () => {
    // No other test renders RouterSubscribed: until this one does, the router has no subscriber.
    const lazy = routeAt(routes, 'login')?.lazy
    if (typeof lazy !== 'function') throw new Error('the login route is not lazy')
    let completed = false
    const completion = lazy().then(() => {
      completed = true
    })
    await import('@/features/auth/login-form')
    // Its module is in, and every callback queued so far has run: the route still waits.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(completed).toBe(false)
    render(<RouterSubscribed />)
    await completion
    expect(completed).toBe(true)
  })
})
