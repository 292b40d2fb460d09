import { describe, expect, it } from 'vitest'
import { buildTestApp } from '~/test/test-app'

const token = 'scraper-token-0123456789'
const t = await buildTestApp({
  env: { METRICS_TOKEN: token },
  authLimits: { registrations: { points: 1, seconds: 60 } },
})
const without = await buildTestApp()

const scrape = (app: typeof t.app, authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

/** A sample's value in the text format: the line starting with `series`, or undefined. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  it('is no page without METRICS_TOKEN, or without its bearer token', async () => {
    expect((await scrape(without.app, `Bearer ${token}`)).statusCode).toBe(404)
    expect((await scrape(t.app)).statusCode).toBe(404)
    expect((await scrape(t.app, `Bearer ${token}x`)).statusCode).toBe(404)
    expect((await scrape(t.app, token)).statusCode).toBe(404)
  })

  it("serves Prometheus's text format: the process, answers by route pattern, the readers, the index, refusals", async () => {
    // The process's counts are shared by every app in it (other test files may run in this process too):
    // what this test did is the difference between two scrapes.
    const before = (await scrape(t.app, `Bearer ${token}`)).body
    await t.request('GET', '/api/health')
    await t.request('GET', '/api/public/serpapi/patents?q=hinge')
    // One registration allowed per minute from this address: the second is refused.
    await t.registerUser()
    await t.request('POST', '/api/auth/register', {
      body: { username: 'second', email: 'second@example.com', fullName: 'Second', password: 'secret-pass' },
    })
    const response = await scrape(t.app, `Bearer ${token}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = response.body
    const added = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0)
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0)
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(
      added('http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(1)
    expect(
      added(
        'http_request_duration_seconds_count{method="POST",route="/api/auth/register",status_code="429"}',
      ),
    ).toBe(1)
    expect(added('patentdesk_rate_limit_refusals_total{limit="registrations"}')).toBe(1)
    expect(sample(text, 'patentdesk_document_readers{state="waiting"}')).toBe(0)
    expect(text).toMatch(/^patentdesk_patent_index_info\{version="[^"]+"\} 1$/m)
    expect(sample(text, 'patentdesk_patent_index_bytes')).toBeGreaterThan(0)
    // The pool is PostgreSQL's: its gauge has values there only.
    expect(text.includes('patentdesk_db_pool_connections{state="total"}')).toBe(
      t.database.driver === 'postgres',
    )
  })
})
