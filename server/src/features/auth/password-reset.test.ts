import fs from 'node:fs'
import path from 'node:path'
import { passwordResetMessages } from '@patentdesk/contract/auth'
import { describe, expect, it } from 'vitest'
import { passwordResets } from '~/db/schema'
import { buildTestApp, json } from '~/test/test-app'

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

const forgot = (email: string, ip = '10.9.0.1') =>
  t.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': ip } })

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

  it('limits requests per client', async () => {
    for (let i = 0; i < 4; i++)
      expect((await forgot(`someone${i}@example.com`, '10.9.0.9')).statusCode).toBe(200)
    expect((await forgot('someone@example.com', '10.9.0.9')).statusCode).toBe(429)
  })
})
