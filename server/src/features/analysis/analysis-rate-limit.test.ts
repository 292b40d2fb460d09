import { analysisMessages } from '@patentdesk/contract/analysis'
import { describe, expect, it } from 'vitest'
import { rateLimits } from '~/db/schema'
import { analysisRequest } from '~/test/analysis-form'
import { buildTestApp, json } from '~/test/test-app'

// The default limit, 20 public analyses per client address a minute; no corpus (each analysis is quick).
const t = await buildTestApp({ env: { ANALYSIS_PER_MINUTE: '20', CORPUS: 'none' } })
const unlimited = await buildTestApp({ env: { ANALYSIS_PER_MINUTE: '0', CORPUS: 'none' } })

const invention = {
  title: 'Self-levelling tripod head',
  description: 'A tripod head with a damped pendulum.',
}

describe('public analyses per client address (ANALYSIS_PER_MINUTE)', () => {
  it('answers the 21st in a minute 429 with Retry-After, and still serves another address', async () => {
    for (let n = 1; n <= 20; n++) {
      const answer = await t.app.inject(analysisRequest(invention, '10.23.0.1'))
      expect(answer.statusCode, `analysis ${n}: ${answer.body}`).toBe(200)
    }
    const refused = await t.app.inject(analysisRequest(invention, '10.23.0.1'))
    expect(refused.statusCode).toBe(429)
    expect(json(refused)).toEqual({ error: 'RATE_LIMITED', message: analysisMessages.tooMany })
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect((await t.app.inject(analysisRequest(invention, '10.23.0.2'))).statusCode).toBe(200)
    // On PostgreSQL the counts are the shared table's, so every instance sees them; no address is stored.
    if (t.database.driver === 'postgres') {
      const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key)
      expect(keys.filter((key) => key.startsWith('publicAnalyses:'))).toHaveLength(2)
      expect(keys.filter((key) => key.includes('10.23'))).toEqual([])
    }
  })

  it('counts a client before its form is read: a refused one costs no upload or analysis', async () => {
    for (let n = 1; n <= 20; n++) await t.app.inject(analysisRequest({}, '10.23.0.3'))
    const refused = await t.app.inject(analysisRequest(invention, '10.23.0.3'))
    expect(refused.statusCode).toBe(429)
  })

  it('has no limit at 0', async () => {
    for (let n = 1; n <= 25; n++) {
      const answer = await unlimited.app.inject(analysisRequest(invention, '10.23.0.4'))
      expect(answer.statusCode, `analysis ${n}: ${answer.body}`).toBe(200)
    }
  })
})
