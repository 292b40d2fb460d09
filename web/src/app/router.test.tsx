import fs from 'node:fs'
import path from 'node:path'
import { clientPaths } from '@patentdesk/contract/client-routes'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { pageModules } from './page-modules'
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
