import { twoFactorMessages } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { recoveryCodes, users } from '~/db/schema'
import { buildTestApp, json } from '~/test/test-app'
import { codeAt, freshTotpStepPerTest } from '~/test/two-factor'

const t = await buildTestApp({
  authLimits: { failedLogins: { points: 4, seconds: 60 }, registrations: { points: 1000, seconds: 60 } },
})

freshTotpStepPerTest()

let ip = 0
/** Each test signs in from an address of its own, so the per-client limit of one test never meets another. */
const newIp = () => `10.2.0.${++ip}`

/** Asks to turn 2FA off for `user`, from an address of its own (each failure counts against it). */
const disable = (user: { token: string }, body: object) =>
  t.request('POST', '/api/auth/2fa/disable', {
    token: user.token,
    body,
    headers: { 'x-forwarded-for': newIp() },
  })

async function setUp(user: { token: string; password: string }) {
  const response = await t.request('POST', '/api/auth/2fa/setup', {
    token: user.token,
    body: { password: user.password },
  })
  expect(response.statusCode).toBe(200)
  return response.json() as { secret: string; otpauthUri: string }
}

/** A registered user with two-factor sign-in on; the enabling code's step is used. */
async function userWithTwoFactor() {
  const user = await t.registerUser()
  const { secret } = await setUp(user)
  const response = await t.request('POST', '/api/auth/2fa/enable', {
    token: user.token,
    body: { code: codeAt(secret) },
  })
  expect(response.statusCode).toBe(200)
  const { recoveryCodes } = response.json() as { recoveryCodes: string[] }
  return { ...user, secret, recoveryCodes }
}

function login(user: { username: string; password: string }, code?: string, ipAddress = '10.9.9.9') {
  return t.request('POST', '/api/auth/login', {
    body: { username: user.username, password: user.password, ...(code === undefined ? {} : { code }) },
    headers: { 'x-forwarded-for': ipAddress },
  })
}

const profileOf = async (token: string) =>
  json(await t.request('GET', '/api/auth/profile', { token })).twoFactorEnabled

describe('2FA setup and enable', () => {
  it('answers a base32 secret and an otpauth URI for PatentDesk, pending until enabled', async () => {
    const user = await t.registerUser()
    const { secret, otpauthUri } = await setUp(user)
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/PatentDesk:${user.username}\\?`))
    const uri = new URL(otpauthUri)
    expect(uri.searchParams.get('issuer')).toBe('PatentDesk')
    expect(uri.searchParams.get('secret')).toBe(secret)
    // Pending: login still needs no code and the profile says off.
    expect(await profileOf(user.token)).toBe(false)
    expect((await login(user)).statusCode).toBe(200)
  })

  it('refuses setup without a session', async () => {
    expect((await t.request('POST', '/api/auth/2fa/setup')).statusCode).toBe(401)
  })

  it('refuses a wrong code with 400 and stays off; the right one answers ten recovery codes stored as hashes', async () => {
    const user = await t.registerUser()
    const { secret } = await setUp(user)
    const wrongCode = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0')
    const wrong = await t.request('POST', '/api/auth/2fa/enable', {
      token: user.token,
      body: { code: wrongCode },
    })
    expect(wrong.statusCode).toBe(400)
    expect(json(wrong).message).toBe(twoFactorMessages.wrongCode)
    const malformed = await t.request('POST', '/api/auth/2fa/enable', {
      token: user.token,
      body: { code: '12ab' },
    })
    expect(malformed.statusCode).toBe(400)
    expect(await profileOf(user.token)).toBe(false)

    const ok = await t.request('POST', '/api/auth/2fa/enable', {
      token: user.token,
      body: { code: codeAt(secret) },
    })
    expect(ok.statusCode).toBe(200)
    const codes = (ok.json() as { recoveryCodes: string[] }).recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/)
    expect(await profileOf(user.token)).toBe(true)

    const stored = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(stored).toHaveLength(10)
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
      expect(codes.some((code) => row.codeHash.includes(code.replaceAll('-', '')))).toBe(false)
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.totpSecret).toBe(secret)
    expect(row?.totpPendingSecret).toBeNull()
  })

  it('refuses enable without a pending secret, and setup or enable once on (409)', async () => {
    const fresh = await t.registerUser()
    const none = await t.request('POST', '/api/auth/2fa/enable', {
      token: fresh.token,
      body: { code: '123456' },
    })
    expect(none.statusCode).toBe(400)
    expect(json(none).message).toBe(twoFactorMessages.notSetUp)
    const user = await userWithTwoFactor()
    const again = await t.request('POST', '/api/auth/2fa/setup', {
      token: user.token,
      body: { password: user.password },
    })
    expect(again.statusCode).toBe(409)
  })

  it('notifies the user when 2FA is turned on and off', async () => {
    const user = await userWithTwoFactor()
    vi.setSystemTime(Date.now() + 30_000)
    const off = await disable(user, { password: user.password, code: codeAt(user.secret) })
    expect(off.statusCode).toBe(200)
    const list = (await t.request('GET', '/api/notifications', { token: user.token })).json() as Array<{
      title: string
    }>
    const titles = list.map((n) => n.title)
    expect(titles).toContain('Two-factor sign-in is on')
    expect(titles).toContain('Two-factor sign-in is off')
  })
})

describe('login with 2FA', () => {
  it('answers 401 TWO_FACTOR_REQUIRED without a token when the code is missing', async () => {
    const user = await userWithTwoFactor()
    const response = await login(user, undefined, newIp())
    expect(response.statusCode).toBe(401)
    expect(json(response)).toEqual({ error: 'TWO_FACTOR_REQUIRED', message: messages.twoFactorRequired })
    expect(response.body).not.toContain('token')
  })

  it('still answers the plain 401 for a wrong password, code or not', async () => {
    const user = await userWithTwoFactor()
    const response = await login({ ...user, password: 'wrong-pass' }, codeAt(user.secret, 1), newIp())
    expect(response.statusCode).toBe(401)
    expect(json(response)).toMatchObject({ error: 'UNAUTHENTICATED', message: messages.invalidCredentials })
  })

  it('signs in with the code of the step now, before or after, and each step only once', async () => {
    const user = await userWithTwoFactor()
    const address = newIp()
    // The enabling code's step is used already.
    const reused = await login(user, codeAt(user.secret), address)
    expect(reused.statusCode).toBe(401)
    expect(json(reused)).toMatchObject({
      error: 'UNAUTHENTICATED',
      message: twoFactorMessages.wrongLoginCode,
    })

    vi.setSystemTime(Date.now() + 60_000)
    const previous = await login(user, codeAt(user.secret, -1), address)
    expect(previous.statusCode).toBe(200)
    expect(json(previous)).toMatchObject({ username: user.username })
    expect(String(json(previous).token).length).toBeGreaterThanOrEqual(40)
    expect((await login(user, codeAt(user.secret, -1), address)).statusCode).toBe(401)
    // A step before the last one used is refused too, even within the window.
    expect((await login(user, codeAt(user.secret, -2), address)).statusCode).toBe(401)
    expect((await login(user, codeAt(user.secret, 1), address)).statusCode).toBe(200)
    expect((await login(user, codeAt(user.secret, 0), address)).statusCode).toBe(401)
    // Two steps ahead is outside the ±1 window.
    vi.setSystemTime(Date.now() + 30_000 * 5)
    expect((await login(user, codeAt(user.secret, 2), newIp())).statusCode).toBe(401)
  })

  it('refuses the same code sent twice at once: one sign-in only', async () => {
    const user = await userWithTwoFactor()
    vi.setSystemTime(Date.now() + 30_000)
    const code = codeAt(user.secret)
    const answers = await Promise.all([login(user, code, newIp()), login(user, code, newIp())])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401])
  })

  it('signs in with a recovery code once, whatever its case and dashes; a spent one is refused', async () => {
    const user = await userWithTwoFactor()
    const address = newIp()
    const [first, second] = user.recoveryCodes as [string, string]
    expect((await login(user, first, address)).statusCode).toBe(200)
    const again = await login(user, first, address)
    expect(again.statusCode).toBe(401)
    expect(json(again).message).toBe(twoFactorMessages.wrongLoginCode)
    expect((await login(user, second.toUpperCase().replaceAll('-', ' '), address)).statusCode).toBe(200)
    const [spent] = await t.database.db
      .select({ n: recoveryCodes.id })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id))
      .then((rows) => [rows.length])
    expect(spent).toBe(10)
    // Another user's code is no code of this one.
    const other = await userWithTwoFactor()
    expect((await login(user, other.recoveryCodes[0], address)).statusCode).toBe(401)
  })

  it('counts wrong codes and code-less attempts as failed logins, until the limit answers 429', async () => {
    const user = await userWithTwoFactor()
    const address = newIp()
    vi.setSystemTime(Date.now() + 30_000)
    expect((await login(user, undefined, address)).statusCode).toBe(401)
    expect((await login(user, '000000', address)).statusCode).toBe(401)
    expect((await login(user, 'zzzz-zzzz-zzzz-zzzz', address)).statusCode).toBe(401)
    expect((await login(user, undefined, address)).statusCode).toBe(401)
    const blocked = await login(user, codeAt(user.secret), address)
    expect(blocked.statusCode).toBe(429)
    expect(json(blocked).message).toMatch(/Too many failed login attempts/)
    // A success elsewhere clears nothing here, but signs in from its own address.
    expect((await login(user, codeAt(user.secret), newIp())).statusCode).toBe(200)
  })

  it('clears the failed count on a full sign-in with the code', async () => {
    const user = await userWithTwoFactor()
    const address = newIp()
    for (let i = 0; i < 3; i++) {
      vi.setSystemTime(Date.now() + 30_000)
      expect((await login(user, undefined, address)).statusCode).toBe(401)
      expect((await login(user, codeAt(user.secret), address)).statusCode).toBe(200)
    }
  })
})

describe('2FA disable', () => {
  it('refuses a wrong password or a wrong code with 400 and stays on', async () => {
    const user = await userWithTwoFactor()
    vi.setSystemTime(Date.now() + 30_000)
    const wrongPassword = await disable(user, { password: 'wrong-pass', code: codeAt(user.secret) })
    expect(wrongPassword.statusCode).toBe(400)
    expect(json(wrongPassword).fields).toEqual({ password: twoFactorMessages.wrongPassword })
    const wrongCode = await disable(user, { password: user.password, code: '000000' })
    expect(wrongCode.statusCode).toBe(400)
    expect(json(wrongCode).fields).toEqual({ code: twoFactorMessages.wrongCode })
    expect((await disable(user, { password: user.password })).statusCode).toBe(400)
    expect(await profileOf(user.token)).toBe(true)
  })

  it('turns 2FA off with the password and a current code: login asks no code, recovery codes are gone', async () => {
    const user = await userWithTwoFactor()
    vi.setSystemTime(Date.now() + 30_000)
    const off = await disable(user, { password: user.password, code: codeAt(user.secret) })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toEqual({ ok: true })
    expect(await profileOf(user.token)).toBe(false)
    expect((await login(user, undefined, newIp())).statusCode).toBe(200)
    const left = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(left).toHaveLength(0)
    const again = await t.request('POST', '/api/auth/2fa/disable', {
      token: user.token,
      body: { password: user.password, code: '123456' },
    })
    expect(again.statusCode).toBe(409)
  })
})
