import { authMessages } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessions, users } from '~/db/schema'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp({
  authLimits: { failedLogins: { points: 3, seconds: 60 }, registrations: { points: 1000, seconds: 60 } },
})

describe('register', () => {
  it('creates the account, answers the session user and never a password hash', async () => {
    const response = await t.request('POST', '/api/auth/register', {
      body: {
        username: 'grace',
        email: 'grace@example.com',
        fullName: 'Grace Hopper',
        organization: 'Navy',
        password: 'cobol-rules',
      },
    })
    expect(response.statusCode).toBe(201)
    const body = json(response)
    expect(Object.keys(body).sort()).toEqual(
      ['email', 'fullName', 'id', 'isAdmin', 'organization', 'token', 'username'].sort(),
    )
    expect(body).toMatchObject({
      username: 'grace',
      email: 'grace@example.com',
      fullName: 'Grace Hopper',
      organization: 'Navy',
      isAdmin: false,
    })
    expect(String(body.token).length).toBeGreaterThanOrEqual(40)
    const profile = await t.request('GET', '/api/auth/profile', { token: String(body.token) })
    expect(profile.json()).toEqual({
      email: 'grace@example.com',
      fullName: 'Grace Hopper',
      organization: 'Navy',
      twoFactorEnabled: false,
    })
  })

  it('stores an argon2id hash and only a hash of the token', async () => {
    const user = await t.registerUser()
    const [row] = await t.database.db.select().from(users).where(sql`${users.id} = ${user.id}`)
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
    const stored = await t.database.db.select().from(sessions).where(sql`${sessions.userId} = ${user.id}`)
    expect(stored).toHaveLength(1)
    expect(stored[0]?.tokenHash).not.toContain(user.token)
    expect(stored[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it('answers 409 for a taken username or email, whatever the case', async () => {
    const user = await t.registerUser()
    const again = await t.request('POST', '/api/auth/register', {
      body: {
        username: user.username.toUpperCase(),
        email: 'other@example.com',
        fullName: 'Someone',
        password: 'secret1',
      },
    })
    expect(again.statusCode).toBe(409)
    expect(json(again).message).toBe(messages.usernameTaken)
    const sameEmail = await t.request('POST', '/api/auth/register', {
      body: {
        username: 'someone-new',
        email: user.email.toUpperCase(),
        fullName: 'Someone',
        password: 'secret1',
      },
    })
    expect(sameEmail.statusCode).toBe(409)
    expect(json(sameEmail).message).toBe(messages.emailTaken)
  })

  it.each([
    ['username', { username: 'ab' }, authMessages.usernameMin],
    ['username', { username: 'a'.repeat(51) }, authMessages.usernameMax],
    ['email', { email: 'not-an-email' }, authMessages.email],
    ['fullName', { fullName: 'A' }, authMessages.fullNameMin],
    ['password', { password: '12345' }, authMessages.passwordMin],
  ])('enforces the %s rule with the contract message', async (field, change, message) => {
    const body = {
      username: 'valid-name',
      email: 'valid@example.com',
      fullName: 'Valid Name',
      password: 'secret1',
    }
    const before = await t.services.auth.countUsers()
    const response = await t.request('POST', '/api/auth/register', { body: { ...body, ...change } })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toEqual({ [field]: message })
    expect(json(response).message).toBe(`${field}: ${message}`)
    expect(await t.services.auth.countUsers()).toBe(before)
  })

  it('does not accept confirmPassword or any unknown field', async () => {
    const response = await t.request('POST', '/api/auth/register', {
      body: {
        username: 'x-user',
        email: 'x@example.com',
        fullName: 'X User',
        password: 'secret1',
        confirmPassword: 'secret1',
      },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toEqual({ confirmPassword: 'Unknown field.' })
  })
})

describe('login and logout', () => {
  it('logs in with the right password and answers the same message for a wrong password or unknown user', async () => {
    const user = await t.registerUser({ password: 'right-pass' })
    const ok = await t.request('POST', '/api/auth/login', {
      body: { username: user.username, password: 'right-pass' },
    })
    expect(ok.statusCode).toBe(200)
    expect(json(ok)).toMatchObject({
      username: user.username,
      isAdmin: false,
      email: user.email,
      id: user.id,
    })
    const wrong = await t.request('POST', '/api/auth/login', {
      body: { username: user.username, password: 'wrong-pass' },
    })
    const unknown = await t.request('POST', '/api/auth/login', {
      body: { username: 'nobody-here', password: 'wrong-pass' },
    })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(json(wrong)).toEqual(json(unknown))
    expect(json(wrong).message).toBe(messages.invalidCredentials)
  })

  it('answers isAdmin true for an administrator', async () => {
    const admin = await t.loginAdmin()
    expect(admin.isAdmin).toBe(true)
  })

  it('revokes the token on logout', async () => {
    const user = await t.registerUser()
    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(200)
    expect((await t.request('POST', '/api/auth/logout', { token: user.token })).json()).toEqual({ ok: true })
    const after = await t.request('GET', '/api/auth/profile', { token: user.token })
    expect(after.statusCode).toBe(401)
    expect(json(after).message).toBe(messages.authRequiredQuery)
  })

  it('refuses an expired session', async () => {
    const user = await t.registerUser()
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(sql`${sessions.userId} = ${user.id}`)
    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(401)
  })

  it('rate limits failed logins per username and client, and a success does not count', async () => {
    const user = await t.registerUser({ password: 'right-pass' })
    const attempt = (password: string, ip = '10.0.0.1') =>
      t.request('POST', '/api/auth/login', {
        body: { username: user.username, password },
        headers: { 'x-forwarded-for': ip },
      })
    expect((await attempt('right-pass')).statusCode).toBe(200)
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-pass')).statusCode).toBe(401)
    const blocked = await attempt('right-pass')
    expect(blocked.statusCode).toBe(429)
    expect(json(blocked).message).toMatch(/Too many failed login attempts/)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    expect((await attempt('right-pass', '10.0.0.2')).statusCode).toBe(200)
  })
})

describe('profile and password', () => {
  it('updates the profile, turning a blank organization into none', async () => {
    const user = await t.registerUser()
    const response = await t.request('PUT', '/api/auth/profile', {
      token: user.token,
      body: {
        email: 'new-address@example.com',
        fullName: 'New Name',
        organization: '  ',
        currentPassword: user.password,
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      email: 'new-address@example.com',
      fullName: 'New Name',
      organization: null,
      twoFactorEnabled: false,
    })
  })

  it('refuses an email another account uses, and keeps the stored profile', async () => {
    const a = await t.registerUser()
    const b = await t.registerUser()
    const response = await t.request('PUT', '/api/auth/profile', {
      token: b.token,
      body: { email: a.email, fullName: 'Changed Name', currentPassword: b.password },
    })
    expect(response.statusCode).toBe(409)
    expect((await t.request('GET', '/api/auth/profile', { token: b.token })).json()).toMatchObject({
      email: b.email,
      fullName: b.fullName,
    })
  })

  it('changes the password, keeps this session and revokes the others', async () => {
    const user = await t.registerUser({ password: 'old-pass' })
    const other = json(
      await t.request('POST', '/api/auth/login', { body: { username: user.username, password: 'old-pass' } }),
    )
    const wrong = await t.request('PUT', '/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: 'not-it', newPassword: 'new-pass' },
    })
    expect(wrong.statusCode).toBe(400)
    expect(json(wrong).fields).toEqual({ currentPassword: messages.wrongCurrentPassword })

    const changed = await t.request('PUT', '/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: 'old-pass', newPassword: 'new-pass' },
    })
    expect(changed.json()).toEqual({ ok: true, revokedSessions: 1 })
    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(200)
    expect((await t.request('GET', '/api/auth/profile', { token: String(other.token) })).statusCode).toBe(401)
    const login = (password: string) =>
      t.request('POST', '/api/auth/login', { body: { username: user.username, password } })
    expect((await login('old-pass')).statusCode).toBe(401)
    expect((await login('new-pass')).statusCode).toBe(200)
  })

  it('enforces the new password rule', async () => {
    const user = await t.registerUser()
    const response = await t.request('PUT', '/api/auth/change-password', {
      token: user.token,
      body: { currentPassword: '', newPassword: '123' },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toEqual({
      currentPassword: authMessages.currentPasswordRequired,
      newPassword: authMessages.newPasswordMin,
    })
  })
})
