import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { recoveryCodes, users } from '~/db/schema'
import { runCli } from '~/test/cli'
import { mailsTo } from '~/test/outbox'
import { buildTestApp, json } from '~/test/test-app'
import { freshTotpStepPerTest, registerWithTwoFactor } from '~/test/two-factor'

const t = await buildTestApp({ authLimits: { registrations: { points: 1000, seconds: 60 } } })

freshTotpStepPerTest()

const stateOf = async (id: number) => {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id))
  const codes = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id))
  return { secret: row?.totpSecret, pending: row?.totpPendingSecret, recoveryCodes: codes.length }
}

/** A user with 2FA on, signed in once, and a pending secret left by a later set-up. */
async function lockedOutOwner() {
  const user = await registerWithTwoFactor(t)
  await t.database.db
    .update(users)
    .set({ totpPendingSecret: 'JBSWY3DPEHPK3PXP' })
    .where(eq(users.id, user.id))
  return user
}

describe('an administrator turns 2FA off (reset-2fa)', () => {
  it('clears secret, pending secret and recovery codes, signs out every session and tells the owner', async () => {
    const user = await lockedOutOwner()
    const done = await t.services.auth.resetTwoFactor(user.username.toUpperCase())
    expect(done).toMatchObject({ username: user.username, recoveryCodes: 10, revokedSessions: 1 })
    expect(await stateOf(user.id)).toEqual({ secret: null, pending: null, recoveryCodes: 0 })
    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(401)

    // The owner signs in with the password alone, and finds the notice.
    const login = await t.request('POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    })
    expect(login.statusCode).toBe(200)
    const notices = json(
      await t.request('GET', '/api/notifications', { token: String(json(login).token) }),
    ) as unknown as Array<{ title: string }>
    expect(notices.map((n) => n.title)).toContain('Two-factor sign-in was turned off')
    const [mail] = mailsTo(t.config.dataDir, user.email)
    expect(mail?.subject).toBe('Two-factor sign-in was turned off for your PatentDesk account')
    expect(mail?.text).toContain('If you did not ask for this, contact your PatentDesk administrator')
  })

  it('refuses an unknown user and an account without 2FA, changing nothing', async () => {
    await expect(t.services.auth.resetTwoFactor('nobody-here')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: "No user named 'nobody-here'.",
    })
    const plain = await t.registerUser()
    await expect(t.services.auth.resetTwoFactor(plain.username)).rejects.toMatchObject({ code: 'CONFLICT' })
    expect((await t.request('GET', '/api/auth/profile', { token: plain.token })).statusCode).toBe(200)
  })

  // The CLI opens the database itself: a second process reaches the test database only on PostgreSQL.
  it.runIf(t.database.driver === 'postgres')(
    'is a CLI command that prints what it did, and fails clearly for an unknown user',
    async () => {
      const user = await lockedOutOwner()
      const { stdout } = await runCli(t, 'reset-2fa', user.username)
      expect(stdout).toContain(
        `Turned off two-factor sign-in for '${user.username}': cleared its secret and 10 unused recovery codes, signed out 1 session.`,
      )
      expect(stdout).toContain(`Told the owner by mail at ${user.email}.`)
      expect(await stateOf(user.id)).toEqual({ secret: null, pending: null, recoveryCodes: 0 })
      // The audit log keeps it, done by the command line.
      const admin = await t.loginAdmin()
      const audit = await t.request('GET', '/api/admin/audit?action=two_factor_reset', { token: admin.token })
      expect(audit.json().entries[0]).toMatchObject({ actor: null, subject: user.username })

      const unknown = await runCli(t, 'reset-2fa', 'nobody-here').catch((error: unknown) => error)
      expect(unknown).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("No user named 'nobody-here'."),
      })
    },
    60_000,
  )
})
