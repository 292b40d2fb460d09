import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { entryCode, isBuilt } from './paths'

describe('where the server runs from', () => {
  it('is the sources under Vitest, and names their .mjs shims', () => {
    expect(isBuilt).toBe(false)
    expect(entryCode('index-builder').pathname).toMatch(/server\/src\/.*index-builder\.mjs$/)
  })

  // The index builder's process loads the sources this way: taken for the build, it started server/dist's
  // tokeniser thread, which a checkout without a build lacks.
  it('is the sources when compiled by tsx from a .mjs shim', () => {
    const shim = `const { tsImport } = await import('tsx/esm/api')
const paths = await tsImport(${JSON.stringify(new URL('./paths.ts', import.meta.url).href)}, import.meta.url)
console.log(JSON.stringify([paths.isBuilt, paths.entryCode('tokeniser-thread').pathname]))`
    const output = execFileSync(process.execPath, ['--input-type=module', '--eval', shim], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
    })
    const [built, tokeniser] = JSON.parse(output) as [boolean, string]
    expect(built).toBe(false)
    expect(tokeniser).toMatch(/server\/src\/.*tokeniser-thread\.mjs$/)
  })
})
