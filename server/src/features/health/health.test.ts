import { describe, expect, it } from 'vitest'
import { buildTestApp } from '~/test/test-app'

const t = await buildTestApp()

describe('GET /api/health', () => {
  it('answers the driver and that the database responds, without a session', async () => {
    const response = await t.request('GET', '/api/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ok',
      database: { driver: process.env.TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite', ok: true },
    })
  })
})
