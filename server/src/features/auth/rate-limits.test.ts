import { messages } from '@patentdesk/contract/errors'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { rateLimits } from '~/db/schema'
import { buildTestApp, json } from '~/test/test-app'
import { createAuthRateLimits } from './rate-limits'

const t = await buildTestApp({
  authLimits: { failedLogins: { points: 3, seconds: 900 }, registrations: { points: 2, seconds: 3600 } },
})

let users = 0
/** A user made through the service: the registrations of this file are limited to two per client. */
async function createUser(username = `login${++users}`) {
  await t.services.auth.createUser({
    username,
    email: `${username}@example.com`,
    fullName: 'Login User',
    password: 'right-pass',
  })
  return username
}

const login = (username: string, password: string, ip: string) =>
  t.request('POST', '/api/auth/login', { body: { username, password }, headers: { 'x-forwarded-for': ip } })

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

describe('failed-login rate limit', () => {
  it('counts every spelling the lookup finds the same account by as one username', async () => {
    await createUser('Alice')
    for (const spelling of [' alice', 'alice ', 'ALICE'])
      expect((await login(spelling, 'wrong-pass', '10.2.0.1')).statusCode).toBe(401)
    const blocked = await login('alice', 'right-pass', '10.2.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(json(blocked).message).toMatch(/Too many failed login attempts/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await login(' ALICE ', 'right-pass', '10.2.0.2')).statusCode).toBe(200)
  })

  it('stops one client trying any number of usernames, and no other client', async () => {
    const username = await createUser()
    for (let i = 0; i < 30; i++)
      expect((await login(`guess${i}`, 'wrong-pass', '10.3.0.1')).statusCode).toBe(401)
    const blocked = await login(username, 'right-pass', '10.3.0.1')
    expect(blocked.statusCode).toBe(429)
    expect(json(blocked).message).toBe(messages.tooManyLogins.replace('{minutes}', '15'))
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await login(username, 'right-pass', '10.3.0.2')).statusCode).toBe(200)
  })

  it('keys on the address the proxy appended, whatever a client writes in X-Forwarded-For itself', async () => {
    // The tests' server trusts one proxy (TRUST_PROXY=true): the last entry is the proxy's word.
    for (let i = 0; i < 30; i++) {
      const forged = `203.0.113.${i}, 10.9.0.1`
      expect((await login(`forger${i}`, 'wrong-pass', forged)).statusCode).toBe(401)
    }
    expect((await login('forger30', 'wrong-pass', '198.51.100.7, 10.9.0.1')).statusCode).toBe(429)
  })

  it('does not count a success against the client, nor let it clear the failures', async () => {
    const own = await createUser()
    for (let i = 0; i < 29; i++) await login(`other${i}`, 'wrong-pass', '10.4.0.1')
    expect((await login(own, 'right-pass', '10.4.0.1')).statusCode).toBe(200)
    expect((await login('other29', 'wrong-pass', '10.4.0.1')).statusCode).toBe(401)
    expect((await login('other30', 'wrong-pass', '10.4.0.1')).statusCode).toBe(429)
  })

  it('counts before checking the password, so parallel attempts cannot all pass', async () => {
    const username = await createUser()
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(username, 'wrong-pass', '10.5.0.1')),
    )
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([...Array(3).fill(401), ...Array(9).fill(429)])
  })

  it('keys any client address, however long, without failing', async () => {
    const username = await createUser()
    expect((await login(username, 'right-pass', 'x'.repeat(2000))).statusCode).toBe(200)
    expect((await login(username, 'wrong-pass', 'y'.repeat(2000))).statusCode).toBe(401)
  })
})

describe.runIf(t.database.driver === 'postgres')('rate limits in PostgreSQL', () => {
  // Two pools on one database stand for two server instances.
  const pools: pg.Pool[] = []
  const instance = () => {
    const pool = new pg.Pool({ connectionString: t.database.pool?.options.connectionString, max: 2 })
    // As in db/client.ts: a connection the server ends (the test database dropped) must not stop the run.
    pool.on('error', () => {})
    pools.push(pool)
    return createAuthRateLimits({ pool, limits: { failedLogins: { points: 10, seconds: 900 } } })
  }
  afterAll(() => Promise.all(pools.map((pool) => pool.end())))

  it('shares the counts between instances', async () => {
    const [a, b] = [instance(), instance()]
    for (let i = 0; i < 5; i++) await a.consumeLoginAttempt('bob', '10.6.0.1')
    for (let i = 0; i < 5; i++) await b.consumeLoginAttempt('BOB ', '10.6.0.1')
    await expect(a.consumeLoginAttempt(' bob', '10.6.0.1')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    })
    await b.recordSuccessfulLogin('bob', '10.6.0.1')
    await expect(a.consumeLoginAttempt('bob', '10.6.0.1')).resolves.toBeUndefined()
  })

  it('keeps hashed keys in the rate_limits table, under one prefix per limit', async () => {
    await instance().consumeResetRequest('10.6.0.2')
    const rows = await t.database.db.select({ key: rateLimits.key }).from(rateLimits)
    expect(rows.filter((row) => row.key.startsWith('resetRequests:'))).toHaveLength(1)
    expect(rows.filter((row) => /10\.6\.0|bob/i.test(row.key))).toEqual([])
  })
})
