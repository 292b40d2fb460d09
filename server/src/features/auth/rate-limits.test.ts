import { describe, expect, it } from 'vitest'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp({
  authLimits: { failedLogins: { points: 10, seconds: 900 }, registrations: { points: 2, seconds: 3600 } },
})

describe('registration rate limit', () => {
  it('answers 429 with a message once a client has registered too often', async () => {
    const register = (n: number, ip: string) =>
      t.request('POST', '/api/auth/register', {
        headers: { 'x-forwarded-for': ip },
        body: {
          username: `burst${n}`,
          email: `burst${n}@example.com`,
          fullName: 'Burst User',
          password: 'secret1',
        },
      })
    expect((await register(1, '10.1.0.1')).statusCode).toBe(201)
    expect((await register(2, '10.1.0.1')).statusCode).toBe(201)
    const third = await register(3, '10.1.0.1')
    expect(third.statusCode).toBe(429)
    expect(json(third).message).toBe('Too many accounts created from this address. Please try again later.')
    expect((await register(4, '10.1.0.2')).statusCode).toBe(201)
  })
})
