import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { pageModulesFile } from '@patentdesk/contract/client-routes'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/app'
import { createTestDatabase, testConfig } from '~/test/test-database'

// A built client of our own: the test does not depend on `npm run build` having run.
const webDist = await mkdtemp(path.join(os.tmpdir(), 'patentdesk-web-'))
const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-3f9a1c.js"></script>' +
  '<link rel="modulepreload" href="/assets/react-77aa01.js"></head><body><div id="root"></div></body></html>'
const script = `export const words = ${JSON.stringify('tripod head pendulum clutch '.repeat(200))}\n`
// Vite's build manifest (build.manifest): the search imports the entry, React and a chunk it shares.
const manifest = {
  'index.html': { file: 'assets/app-3f9a1c.js', isEntry: true, imports: ['_react-77aa01.js'] },
  '_react-77aa01.js': { file: 'assets/react-77aa01.js' },
  '_kit-c0ffee.js': { file: 'assets/kit-c0ffee.js', imports: ['_react-77aa01.js'] },
  'src/features/patents/patent-search.tsx': {
    file: 'assets/patent-search-5e4c4a.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react-77aa01.js', '_kit-c0ffee.js'],
  },
  'src/app/layout/app-layout.tsx': { file: 'assets/app-layout-9d1f00.js', isDynamicEntry: true },
  'src/features/dashboard/dashboard.tsx': {
    file: 'assets/dashboard-1b2b3b.js',
    isDynamicEntry: true,
    imports: ['index.html', '_kit-c0ffee.js'],
  },
}
// What the client's build lists of each page's modules (pageModulesFile; login's is not in the manifest).
const pageModules = {
  login: ['src/features/auth/login-form.tsx'],
  search: ['src/features/patents/patent-search.tsx'],
  serpapiSearch: ['src/features/patents/patent-search.tsx'],
  dashboard: ['src/app/layout/app-layout.tsx', 'src/features/dashboard/dashboard.tsx'],
}
await mkdir(path.join(webDist, 'assets'))
await mkdir(path.join(webDist, '.vite'))
await writeFile(path.join(webDist, 'index.html'), indexHtml)
await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(manifest))
await writeFile(path.join(webDist, pageModulesFile), JSON.stringify(pageModules))
await writeFile(path.join(webDist, 'assets', 'app-3f9a1c.js'), script)

const database = await createTestDatabase()
const config = { ...testConfig(), webDist }
const { app } = await buildApp({ config, database, log: pino({ level: 'silent' }) })
await app.ready()
afterAll(async () => {
  await app.close()
  await database.close()
  await rm(config.dataDir, { recursive: true, force: true })
  await rm(webDist, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })

describe('the built client', () => {
  it('serves hashed assets for a year, compressed as the browser asks', async () => {
    const plain = await get('/assets/app-3f9a1c.js')
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(plain.body).toBe(script)

    const br = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gzip = await get('/assets/app-3f9a1c.js', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script)
  })

  it('answers index.html, never cached, with 200 for every path of the client’s route table', async () => {
    for (const url of [
      '/',
      '/dashboard',
      '/patents/123',
      '/patent-details/US1234567B2',
      '/Login/',
      '/search?q=x',
    ]) {
      const page = await get(url)
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-type'], url).toMatch(/^text\/html/)
      expect(page.headers['cache-control'], url).toBe('no-cache')
      expect(page.body, url).toContain('<div id="root"></div>')
    }
    expect((await get('/')).body).toBe(indexHtml)
  })

  it('names the chunks of the page asked for in index.html, so they load beside the entry', async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)"/g)].map(
        (m) => m[1],
      )
    const search = await get('/search?q=battery')
    // The page's chunk and what it imports, but not the entry or React, which index.html names already.
    expect(preloads(search.body)).toEqual(['/assets/patent-search-5e4c4a.js', '/assets/kit-c0ffee.js'])
    expect(search.body).toContain('<script type="module" src="/assets/app-3f9a1c.js"></script>')
    expect(preloads((await get('/serpapi-search')).body)).toEqual(preloads(search.body))
    // A signed-in page: the signed-in layout's chunk too.
    expect(preloads((await get('/Dashboard/')).body)).toEqual([
      '/assets/app-layout-9d1f00.js',
      '/assets/dashboard-1b2b3b.js',
      '/assets/kit-c0ffee.js',
    ])
    // The landing page is in the entry; a page missing from the manifest gets no preload.
    for (const url of ['/', '/login', '/nope']) expect(preloads((await get(url)).body), url).toEqual([])

    // Revalidated as before: a 304 to the browser holding this page.
    const again = await get('/search', { 'if-none-match': String(search.headers.etag) })
    expect(again.statusCode).toBe(304)
    expect((await get('/dashboard', { 'if-none-match': String(search.headers.etag) })).statusCode).toBe(200)
  })

  it('answers index.html with 404 for any other path, where the client shows its Not Found page', async () => {
    // Sent whole even to a browser revalidating the index.html it holds.
    const etag = String((await get('/')).headers.etag)
    for (const url of [
      '/nope',
      '/patents/1/2/3',
      '/dashboard/extra',
      '/assets/missing.js',
      '/.vite/manifest.json',
      `/${pageModulesFile}`,
    ]) {
      const page = await get(url, { 'if-none-match': etag })
      expect(page.statusCode, url).toBe(404)
      expect(page.headers['content-type'], url).toMatch(/^text\/html/)
      expect(page.body, url).toContain('<div id="root"></div>')
    }
  })

  it('goes on serving the pages it has while a build replaces the client (no index.html for a moment)', async () => {
    const before = await get('/search')
    await rm(path.join(webDist, 'index.html'))
    try {
      const during = await get('/search')
      expect(during.statusCode).toBe(200)
      expect(during.body).toBe(before.body)
    } finally {
      await writeFile(path.join(webDist, 'index.html'), indexHtml)
    }
  })

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await get('/api/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' })
  })
})
