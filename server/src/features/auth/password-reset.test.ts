import fs from 'node:fs'
import path from 'node:path'
import { passwordResetMessages } from '@patentdesk/contract/auth'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { passwordResets } from '~/db/schema'
import type { MailMessage } from '~/providers/mailer'
import { buildTestApp, json } from '~/test/test-app'
import { createAuthService } from './auth.service'
import { createAuthRateLimits } from './rate-limits'

const t = await buildTestApp({ authLimits: { resetRequests: { points: 4, seconds: 60 } } })
const outbox = path.join(t.config.dataDir, 'outbox')

/** The reset link of the newest mail to `email` in the outbox folder. */
function lastResetToken(email: string) {
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(`${email}.eml`)) : []
  const newest = files.sort().at(-1)
  if (!newest) return undefined
  const mail = fs.readFileSync(path.join(outbox, newest), 'utf8').replace(/=\r?\n/g, '')
  return /reset-password\?token=3D([\w-]+)|reset-password\?token=([\w-]+)/.exec(mail)?.slice(1).find(Boolean)
}

/** Asks for a reset link and waits for the mail, which goes out after the answer. */
async function forgot(email: string, ip = '10.9.0.1') {
  const response = await t.request('POST', '/api/auth/forgot-password', {
    body: { email },
    headers: { 'x-forwarded-for': ip },
  })
  await t.services.auth.settle()
  return response
}

describe('password reset', () => {
  it('mails a link that sets a new password once and signs out every session', async () => {
    const user = await t.registerUser({ password: 'forgotten' })
    const response = await forgot(user.email.toUpperCase())
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ok: true, message: passwordResetMessages.sent })
    const token = lastResetToken(user.email)
    expect(token).toBeDefined()

    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'remembered' },
    })
    expect(reset.json()).toEqual({ ok: true, message: passwordResetMessages.done })
    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(401)
    const login = (password: string) =>
      t.request('POST', '/api/auth/login', { body: { username: user.username, password } })
    expect((await login('forgotten')).statusCode).toBe(401)
    expect((await login('remembered')).statusCode).toBe(200)

    const again = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'third-one' },
    })
    expect(again.statusCode).toBe(400)
    expect(json(again).message).toBe(passwordResetMessages.invalidToken)
  })

  it('spends every open link of the account once one is used, or the password is changed', async () => {
    const user = await t.registerUser({ password: 'first-pass' })
    const reset = (token: string | undefined, newPassword: string) =>
      t.request('POST', '/api/auth/reset-password', { body: { token, newPassword } })
    await forgot(user.email, '10.9.0.5')
    const first = lastResetToken(user.email)
    await forgot(user.email, '10.9.0.5')
    const second = lastResetToken(user.email)
    expect(second).not.toBe(first)
    expect((await reset(second, 'second-pass')).statusCode).toBe(200)
    const stale = await reset(first, 'stale-pass')
    expect(stale.statusCode).toBe(400)
    expect(json(stale).message).toBe(passwordResetMessages.invalidToken)

    // A password change from a session spends the links asked for before it too.
    const login = await t.request('POST', '/api/auth/login', {
      body: { username: user.username, password: 'second-pass' },
    })
    await forgot(user.email, '10.9.0.5')
    const open = lastResetToken(user.email)
    const changed = await t.request('PUT', '/api/auth/change-password', {
      token: String(json(login).token),
      body: { currentPassword: 'second-pass', newPassword: 'third-pass' },
    })
    expect(changed.statusCode).toBe(200)
    expect((await reset(open, 'attacker-pass')).statusCode).toBe(400)
  })

  it('answers an unknown address the same way and sends nothing', async () => {
    const response = await forgot('nobody-at-all@example.com', '10.9.0.2')
    expect(response.json()).toEqual({ ok: true, message: passwordResetMessages.sent })
    expect(lastResetToken('nobody-at-all@example.com')).toBeUndefined()
  })

  it('refuses an expired link and an unknown one', async () => {
    const user = await t.registerUser()
    await forgot(user.email, '10.9.0.3')
    const token = lastResetToken(user.email)
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await t.request('POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'new-pass' },
    })
    expect(expired.statusCode).toBe(400)
    const unknown = await t.request('POST', '/api/auth/reset-password', {
      body: { token: 'made-up', newPassword: 'new-pass' },
    })
    expect(json(unknown).fields).toEqual({ token: passwordResetMessages.invalidToken })
  })

  it('answers before the token insert and the mail, so both paths await the same steps', async () => {
    const events: string[] = []
    const auth = createAuthService({
      db: t.database.db,
      limits: createAuthRateLimits(),
      sessionTtlDays: 1,
      notifications: t.services.notifications,
      mailer: { send: async (mail: MailMessage) => void events.push(`mail to ${mail.to}`) },
      publicUrl: 'http://localhost',
      log: pino({ level: 'silent' }),
    })
    const user = await t.registerUser()
    const ask = async (email: string) => {
      const answer = await auth.requestPasswordReset({ email }, { ip: '10.9.0.4', userAgent: undefined })
      events.push(`answer to ${email}`)
      await auth.settle()
      return answer
    }
    const known = await ask(user.email)
    const unknown = await ask('no-account@example.com')
    expect(known).toEqual(unknown)
    expect(events).toEqual([
      `answer to ${user.email}`,
      `mail to ${user.email}`,
      'answer to no-account@example.com',
    ])
  })

  it('limits requests per client', async () => {
    for (let i = 0; i < 4; i++)
      expect((await forgot(`someone${i}@example.com`, '10.9.0.9')).statusCode).toBe(200)
    expect((await forgot('someone@example.com', '10.9.0.9')).statusCode).toBe(429)
  })
})
