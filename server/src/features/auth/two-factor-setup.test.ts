import { twoFactorMessages } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '~/db/schema'
import { buildTestApp, json } from '~/test/test-app'
import { codeAt } from '~/test/two-factor'

const t = await buildTestApp({
  authLimits: { failedLogins: { points: 3, seconds: 60 }, registrations: { points: 1000, seconds: 60 } },
})

let ip = 0
const newIp = () => `10.3.0.${++ip}`

const setUp = (token: string, body: unknown, address = newIp()) =>
  t.request('POST', '/api/auth/2fa/setup', { token, body, headers: { 'x-forwarded-for': address } })

const pendingSecretOf = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.totpPendingSecret

describe('2FA setup asks for the current password', () => {
  it('refuses a missing password (400) and a wrong one (401), storing nothing and keeping the session', async () => {
    const user = await t.registerUser()
    const missing = await setUp(user.token, {})
    expect(missing.statusCode).toBe(400)
    expect(json(missing).fields).toEqual({ password: expect.any(String) })
    expect((await setUp(user.token, undefined)).statusCode).toBe(400)

    const wrong = await setUp(user.token, { password: 'not-my-password' })
    expect(wrong.statusCode).toBe(401)
    expect(json(wrong)).toEqual({
      error: 'UNAUTHENTICATED',
      message: twoFactorMessages.wrongPassword,
      fields: { password: twoFactorMessages.wrongPassword },
    })
    expect(await pendingSecretOf(user.id)).toBeNull()
    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(200)

    const right = await setUp(user.token, { password: user.password })
    expect(right.statusCode).toBe(200)
    expect(await pendingSecretOf(user.id)).toBe(json(right).secret)
  })

  it('counts wrong passwords against the failed-login limit, so a session cannot guess on', async () => {
    const user = await t.registerUser()
    const address = newIp()
    for (let i = 0; i < 3; i++)
      expect((await setUp(user.token, { password: `guess-${i}` }, address)).statusCode).toBe(401)
    const blocked = await setUp(user.token, { password: user.password }, address)
    expect(blocked.statusCode).toBe(429)
    expect(json(blocked).message).toBe(messages.tooManyLogins.replace('{minutes}', '1'))
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // The same limit as the login form: signing in from that address is refused as well.
    const login = await t.request('POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
      headers: { 'x-forwarded-for': address },
    })
    expect(login.statusCode).toBe(429)
  })
})

describe('2FA enable', () => {
  it('signs out the other sessions of the account, keeps this one, and says how many', async () => {
    const user = await t.registerUser()
    const signIn = async () =>
      json(
        await t.request('POST', '/api/auth/login', {
          body: { username: user.username, password: user.password },
          headers: { 'x-forwarded-for': newIp() },
        }),
      ).token as string
    const others = [await signIn(), await signIn()]
    const bystander = await t.registerUser()

    const { secret } = json(await setUp(user.token, { password: user.password })) as { secret: string }
    const enabled = await t.request('POST', '/api/auth/2fa/enable', {
      token: user.token,
      body: { code: codeAt(secret) },
    })
    expect(enabled.statusCode).toBe(200)
    expect(json(enabled).revokedSessions).toBe(2)
    expect(json(enabled).recoveryCodes).toHaveLength(10)

    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(200)
    for (const token of others)
      expect((await t.request('GET', '/api/auth/profile', { token })).statusCode).toBe(401)
    expect((await t.request('GET', '/api/auth/profile', { token: bystander.token })).statusCode).toBe(200)
  })
})
