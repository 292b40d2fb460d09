import { twoFactorMessages } from '@patentdesk/contract/auth'
import pg from 'pg'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { mailsTo } from '~/test/outbox'
import { buildTestApp, json } from '~/test/test-app'
import { codeAt, freshTotpStepPerTest, registerWithTwoFactor, wrongCodeFor } from '~/test/two-factor'
import { createAuthRateLimits } from './rate-limits'

// Default limits, but for registrations: ten wrong codes per account in 15 minutes.
const t = await buildTestApp({ authLimits: { registrations: { points: 1000, seconds: 60 } } })

freshTotpStepPerTest()

let ip = 0
/** Every attempt from an address never seen before: the attacker with many IPv6 addresses. */
const newIp = () => `2001:db8::${(++ip).toString(16)}`

type User = { username: string; password: string; secret: string; token: string }
const login = (user: User, code: string, password = user.password) =>
  t.request('POST', '/api/auth/login', {
    body: { username: user.username, password, code },
    headers: { 'x-forwarded-for': newIp() },
  })

/** The owner's notices of a lock-out, in the app and by mail (sent after the answer). */
async function lockOutNotices(user: User & { email: string }) {
  await t.services.auth.settle()
  const list = json(await t.request('GET', '/api/notifications', { token: user.token })) as unknown as Array<{
    title: string
  }>
  return {
    inApp: list.filter((n) => n.title === 'Two-factor sign-in paused').length,
    mails: mailsTo(t.config.dataDir, user.email).filter((m) => /wrong two-factor codes/.test(m.subject)),
  }
}

describe('second-factor failures per account', () => {
  it('locks the code step after ten wrong codes from ten addresses, and tells the owner once', async () => {
    const user = await registerWithTwoFactor(t)
    vi.setSystemTime(Date.now() + 30_000)
    for (let i = 0; i < 10; i++) expect((await login(user, wrongCodeFor(user.secret))).statusCode).toBe(401)

    const blocked = await login(user, codeAt(user.secret))
    expect(blocked.statusCode).toBe(429)
    expect(json(blocked)).toMatchObject({
      error: 'RATE_LIMITED',
      message: twoFactorMessages.tooManyCodes.replace('{minutes}', '15'),
    })
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // Further attempts are refused too, and do not tell the owner again.
    expect((await login(user, wrongCodeFor(user.secret))).statusCode).toBe(429)
    expect((await login(user, user.recoveryCodes[0] as string)).statusCode).toBe(429)

    const { inApp, mails } = await lockOutNotices(user)
    expect(inApp).toBe(1)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain(`'${user.username}'`)
    expect(mails[0]?.text).toMatch(/If it was not you, someone knows your password: change it now/)
  })

  it('counts only after the right password, so a stranger cannot lock the code step', async () => {
    const user = await registerWithTwoFactor(t)
    vi.setSystemTime(Date.now() + 30_000)
    for (let i = 0; i < 12; i++)
      expect((await login(user, wrongCodeFor(user.secret), 'wrong-pass')).statusCode).toBe(401)
    expect((await login(user, codeAt(user.secret))).statusCode).toBe(200)
    expect((await lockOutNotices(user)).mails).toHaveLength(0)
  })

  it('gives back the point of a right code only, and keeps other accounts apart', async () => {
    const user = await registerWithTwoFactor(t)
    const other = await registerWithTwoFactor(t)
    vi.setSystemTime(Date.now() + 30_000)
    for (let i = 0; i < 9; i++) expect((await login(user, wrongCodeFor(user.secret))).statusCode).toBe(401)
    expect((await login(user, codeAt(user.secret))).statusCode).toBe(200)
    expect((await login(other, codeAt(other.secret))).statusCode).toBe(200)
    // The right code did not clear the nine: one more wrong code locks the account.
    expect((await login(user, wrongCodeFor(user.secret))).statusCode).toBe(401)
    vi.setSystemTime(Date.now() + 30_000)
    expect((await login(user, codeAt(user.secret))).statusCode).toBe(429)
    expect((await lockOutNotices(user)).inApp).toBe(1)
  })

  it('counts the codes sent to turn 2FA off with those of sign-in', async () => {
    const user = await registerWithTwoFactor(t)
    vi.setSystemTime(Date.now() + 30_000)
    for (let i = 0; i < 9; i++) expect((await login(user, wrongCodeFor(user.secret))).statusCode).toBe(401)
    const disable = (code: string) =>
      t.request('POST', '/api/auth/2fa/disable', {
        token: user.token,
        body: { password: user.password, code },
        headers: { 'x-forwarded-for': newIp() },
      })
    expect((await disable(wrongCodeFor(user.secret))).statusCode).toBe(400)
    const blocked = await disable(codeAt(user.secret))
    expect(blocked.statusCode).toBe(429)
    expect(json(blocked).message).toBe(twoFactorMessages.tooManyCodes.replace('{minutes}', '15'))
    expect(json(await t.request('GET', '/api/auth/profile', { token: user.token })).twoFactorEnabled).toBe(
      true,
    )
  })
})

describe.runIf(t.database.driver === 'postgres')('second-factor counts in PostgreSQL', () => {
  const pools: pg.Pool[] = []
  const instance = () => {
    const pool = new pg.Pool({ connectionString: t.database.pool?.options.connectionString, max: 2 })
    pool.on('error', () => {})
    pools.push(pool)
    return createAuthRateLimits({ pool })
  }
  afterAll(() => Promise.all(pools.map((pool) => pool.end())))

  it('shares one account count between instances, and names one attempt the last', async () => {
    const [a, b] = [instance(), instance()]
    const spent = []
    for (let i = 0; i < 5; i++)
      spent.push(await a.consumeCodeAttempt(987_654), await b.consumeCodeAttempt(987_654))
    expect(spent.filter((s) => s.last)).toHaveLength(1)
    expect(spent.at(-1)?.last).toBe(true)
    await expect(b.consumeCodeAttempt(987_654)).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    })
  })
})
