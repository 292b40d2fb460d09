import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/app'
import { createTestDatabase, testConfig } from '~/test/test-database'

// A built client of our own: the test does not depend on `npm run build` having run.
const webDist = await mkdtemp(path.join(os.tmpdir(), 'patentdesk-web-'))
const indexHtml =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f9a1c.js"></script>'
const script = `export const words = ${JSON.stringify('tripod head pendulum clutch '.repeat(200))}\n`
await mkdir(path.join(webDist, 'assets'))
await writeFile(path.join(webDist, 'index.html'), indexHtml)
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
      expect(page.body, url).toBe(indexHtml)
    }
  })

  it('answers index.html with 404 for any other path, where the client shows its Not Found page', async () => {
    // Sent whole even to a browser revalidating the index.html it holds.
    const etag = String((await get('/')).headers.etag)
    for (const url of ['/nope', '/patents/1/2/3', '/dashboard/extra', '/assets/missing.js']) {
      const page = await get(url, { 'if-none-match': etag })
      expect(page.statusCode, url).toBe(404)
      expect(page.headers['content-type'], url).toMatch(/^text\/html/)
      expect(page.body, url).toContain('<div id="root"></div>')
    }
  })

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await get('/api/nope')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' })
  })
})
