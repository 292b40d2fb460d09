import { authMessages } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import { describe, expect, it } from 'vitest'
import { mailsTo } from '~/test/outbox'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp({ authLimits: { registrations: { points: 1000, seconds: 60 } } })

type User = { token: string; email: string; fullName: string; password: string }
const update = (user: User, changes: Record<string, unknown>) =>
  t.request('PUT', '/api/auth/profile', {
    token: user.token,
    body: { email: user.email, fullName: user.fullName, ...changes },
  })
const profileOf = async (user: User) =>
  json(await t.request('GET', '/api/auth/profile', { token: user.token }))

describe('changing the email address asks for the current password', () => {
  it('needs no password for a name or organisation, nor for the same address in other capitals', async () => {
    const user = await t.registerUser()
    const renamed = await update(user, { fullName: 'Renamed Person', organization: 'New Org Ltd' })
    expect(renamed.statusCode).toBe(200)
    expect(json(renamed)).toMatchObject({ fullName: 'Renamed Person', organization: 'New Org Ltd' })
    expect((await update(user, { email: ` ${user.email.toUpperCase()} ` })).statusCode).toBe(200)
    await t.services.auth.settle()
    expect(mailsTo(t.config.dataDir, user.email)).toHaveLength(0)
  })

  it('refuses a new address without the password (400) or with a wrong one (401), changing nothing', async () => {
    const user = await t.registerUser()
    const missing = await update(user, { email: 'moved@example.com', fullName: 'Other Name' })
    expect(missing.statusCode).toBe(400)
    expect(json(missing)).toMatchObject({
      message: authMessages.emailChangePassword,
      fields: { currentPassword: authMessages.emailChangePassword },
    })
    const wrong = await update(user, { email: 'moved@example.com', currentPassword: 'not-it' })
    expect(wrong.statusCode).toBe(401)
    expect(json(wrong)).toEqual({
      error: 'UNAUTHENTICATED',
      message: messages.wrongCurrentPassword,
      fields: { currentPassword: messages.wrongCurrentPassword },
    })
    expect(await profileOf(user)).toMatchObject({ email: user.email, fullName: user.fullName })
    await t.services.auth.settle()
    expect(mailsTo(t.config.dataDir, user.email)).toEqual([])
  })

  it('moves the address with the password and tells the old address, masking the new one', async () => {
    const user = await t.registerUser()
    // A reset link sent to the old address before the move must not work after it.
    await t.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })
    await t.services.auth.settle()
    const link = /token=(?:3D)?([\w-]+)/.exec(mailsTo(t.config.dataDir, user.email)[0]?.text ?? '')?.[1]
    expect(link).toBeDefined()
    const newEmail = `moved-${user.id}@example.org`
    const moved = await update(user, { email: newEmail, currentPassword: user.password })
    expect(moved.statusCode).toBe(200)
    expect(json(moved).email).toBe(newEmail)
    await t.services.auth.settle()

    const [, notice, ...more] = mailsTo(t.config.dataDir, user.email)
    expect(more).toEqual([])
    expect(notice?.subject).toBe('The email address of your PatentDesk account was changed')
    expect(notice?.text).toContain(`was changed from this address to m***@example.org on `)
    expect(notice?.text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/)
    expect(notice?.text).toContain('If it was not you, someone knows your password')
    expect(notice?.text).not.toContain(newEmail)
    expect(mailsTo(t.config.dataDir, newEmail)).toEqual([])
    const reset = await t.request('POST', '/api/auth/reset-password', {
      body: { token: link, newPassword: 'taken-over' },
    })
    expect(reset.statusCode).toBe(400)
  })
})
