import type { AdminUser } from '@patentdesk/contract/admin'
import {
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type LoginBody,
  type Profile,
  type ProfileBody,
  passwordResetMessages,
  type RegisterBody,
  type ResetPasswordBody,
  type SessionUser,
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  twoFactorMessages,
} from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import type { ActiveSession } from '@patentdesk/contract/settings'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/client'
import { uniqueViolation } from '~/db/errors'
import { AppError } from '~/errors'
import type { NotificationsService } from '~/features/notifications/notifications.service'
import type { Mailer } from '~/providers/mailer'
import * as repo from './auth.repo'
import { hashPassword, verifyDummy, verifyPassword } from './passwords'
import type { AuthRateLimits } from './rate-limits'
import { createToken, hashToken } from './tokens'
import {
  createRecoveryCode,
  createTotpSecret,
  hashRecoveryCode,
  isTotpCode,
  matchTotpStep,
} from './two-factor'

/** The signed-in user of a request, with the session it came through. */
export type AuthUser = { id: number; username: string; isAdmin: boolean; sessionId: number }
export type ClientInfo = { ip: string; userAgent: string | undefined }

const TOUCH_INTERVAL_MS = 5 * 60 * 1000
const RESET_TTL_MS = 60 * 60 * 1000

const toProfile = (u: repo.UserRow): Profile => ({
  email: u.email,
  fullName: u.fullName,
  organization: u.organization,
  twoFactorEnabled: u.totpSecret !== null,
})

export const toAdminUser = (u: repo.UserRow): AdminUser => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  email: u.email,
  organization: u.organization,
  isAdmin: u.isAdmin,
  createdAt: u.createdAt.toISOString(),
})

const blankToNull = (v: string | undefined) => (v ? v : null)

const twoFactorNotices = {
  enabled: {
    title: 'Two-factor sign-in is on',
    message:
      'Signing in now asks for a code from your authenticator app. If this was not you, change your password.',
  },
  disabled: {
    title: 'Two-factor sign-in is off',
    message: 'Signing in now asks only for your password. If this was not you, change your password.',
  },
}

const welcome = {
  title: 'Welcome to PatentDesk',
  message: 'Your account is ready. Search existing patents, or draft your first UK patent application.',
}

export function createAuthService(deps: {
  db: Db
  limits: AuthRateLimits
  sessionTtlDays: number
  notifications: NotificationsService
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
}) {
  const { db, limits } = deps
  const inBackground = new Set<Promise<void>>()

  /** Runs `task` on the next turn of the event loop, once the answer is written, and logs its failure. */
  function afterAnswer(task: () => Promise<void>, failure: string) {
    const running: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => deps.log.error({ err: error }, failure))
      .finally(() => inBackground.delete(running))
    inBackground.add(running)
  }

  async function sendResetLink(user: repo.UserRow) {
    const token = createToken()
    await repo.insertPasswordReset(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    })
    const link = `${deps.publicUrl}/reset-password?token=${token}`
    await deps.mailer.send({
      to: user.email,
      subject: 'Reset your PatentDesk password',
      text:
        `Hello ${user.fullName},\n\nSomeone asked to reset the password of the PatentDesk account '${user.username}'.\n` +
        `To choose a new password, open this link within one hour:\n\n${link}\n\n` +
        'If it was not you, ignore this message: your password stays as it is.\n',
    })
  }

  async function assertAvailable(login: { username?: string; email?: string }, exceptUserId?: number) {
    const { usernameOwner, emailOwner } = await repo.findUserIdsByLogin(db, login)
    if (usernameOwner && usernameOwner !== exceptUserId) {
      throw new AppError('CONFLICT', messages.usernameTaken, { username: messages.usernameTaken })
    }
    if (emailOwner && emailOwner !== exceptUserId) {
      throw new AppError('CONFLICT', messages.emailTaken, { email: messages.emailTaken })
    }
  }

  /** Inserts and maps a lost race on the unique indexes to the same 409 as the pre-check. */
  async function insertUnique<T>(insert: () => Promise<T>, login: { username?: string; email?: string }) {
    try {
      return await insert()
    } catch (error) {
      const constraint = uniqueViolation(error)
      if (constraint === undefined) throw error
      await assertAvailable(login)
      throw new AppError(
        'CONFLICT',
        constraint.includes('email') ? messages.emailTaken : messages.usernameTaken,
      )
    }
  }

  async function startSession(user: repo.UserRow, client: ClientInfo): Promise<SessionUser> {
    const token = createToken()
    const now = Date.now()
    await repo.insertSession(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + deps.sessionTtlDays * 24 * 60 * 60 * 1000),
      userAgent: client.userAgent?.slice(0, 500),
      ipAddress: client.ip,
    })
    return { token, id: user.id, username: user.username, isAdmin: user.isAdmin, ...toProfile(user) }
  }

  /**
   * Whether `code` signs the user in a second time: a TOTP code of a step not used before (which it then
   * uses up), or an unused recovery code (which it then spends).
   */
  async function spendSecondFactor(user: repo.UserRow, code: string) {
    if (!user.totpSecret) return false
    if (isTotpCode(code)) {
      const step = matchTotpStep(user.totpSecret, code.replace(/\s/g, ''))
      return step !== undefined && repo.recordTotpStep(db, user.id, step)
    }
    return repo.spendRecoveryCode(db, user.id, hashRecoveryCode(user.id, code), new Date())
  }

  async function requireUserRow(id: number) {
    const user = await repo.findUserById(db, id)
    if (!user) throw new AppError('UNAUTHENTICATED', messages.sessionExpired)
    return user
  }

  return {
    async createUser(input: RegisterBody & { isAdmin?: boolean }) {
      await assertAvailable(input)
      const passwordHash = await hashPassword(input.password)
      return insertUnique(
        () =>
          repo.insertUser(db, {
            username: input.username,
            email: input.email,
            fullName: input.fullName,
            organization: blankToNull(input.organization),
            passwordHash,
            isAdmin: input.isAdmin ?? false,
          }),
        input,
      )
    },

    async register(input: RegisterBody, client: ClientInfo) {
      await limits.consumeRegistration(client.ip)
      const user = await this.createUser(input)
      await deps.notifications.notify({ userId: user.id, ...welcome, dedupeKey: 'welcome' })
      return startSession(user, client)
    },

    async login(input: LoginBody, client: ClientInfo) {
      await limits.consumeLoginAttempt(input.username, client.ip)
      const user = await repo.findUserByUsername(db, input.username)
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDummy(input.password)
      if (!user || !valid) throw new AppError('UNAUTHENTICATED', messages.invalidCredentials)
      // The attempt's point stays spent until a full success, so asking without a code cannot reset the count
      // between guesses at codes.
      if (user.totpSecret && input.code === undefined)
        throw new AppError('TWO_FACTOR_REQUIRED', messages.twoFactorRequired)
      if (user.totpSecret && !(await spendSecondFactor(user, input.code ?? '')))
        throw new AppError('UNAUTHENTICATED', twoFactorMessages.wrongLoginCode)
      await limits.recordSuccessfulLogin(input.username, client.ip)
      return startSession(user, client)
    },

    /** Stores a new pending secret (replacing any earlier pending one); sign-in is unchanged until enabled. */
    async setUpTwoFactor(user: AuthUser) {
      const row = await requireUserRow(user.id)
      if (row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.alreadyEnabled)
      const { secret, otpauthUri } = createTotpSecret(row.username)
      await repo.updateUser(db, user.id, { totpPendingSecret: secret })
      return { secret, otpauthUri }
    },

    /** Turns the pending secret on with its first code and answers ten recovery codes, stored only hashed. */
    async enableTwoFactor(user: AuthUser, input: TwoFactorEnableBody) {
      const row = await requireUserRow(user.id)
      if (row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.alreadyEnabled)
      if (!row.totpPendingSecret)
        throw new AppError('BAD_REQUEST', twoFactorMessages.notSetUp, { code: twoFactorMessages.notSetUp })
      const step = matchTotpStep(row.totpPendingSecret, input.code)
      if (step === undefined)
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode })
      const codes = Array.from({ length: 10 }, createRecoveryCode)
      await db.transaction(async (tx) => {
        // The confirming code's step counts as used, so it cannot sign in again.
        await repo.updateUser(tx, user.id, {
          totpSecret: row.totpPendingSecret,
          totpPendingSecret: null,
          totpLastStep: step,
        })
        await repo.replaceRecoveryCodes(
          tx,
          user.id,
          codes.map((code) => hashRecoveryCode(user.id, code)),
        )
      })
      await deps.notifications.notify({ userId: user.id, ...twoFactorNotices.enabled })
      return { recoveryCodes: codes }
    },

    /**
     * Turns two-factor sign-in off with the password and a current code (or a recovery code). Attempts count
     * against the failed-login limit, so a borrowed session cannot guess its way through.
     */
    async disableTwoFactor(user: AuthUser, input: TwoFactorDisableBody, client: ClientInfo) {
      const row = await requireUserRow(user.id)
      if (!row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.notEnabled)
      await limits.consumeLoginAttempt(row.username, client.ip)
      if (!(await verifyPassword(row.passwordHash, input.password)))
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongPassword, {
          password: twoFactorMessages.wrongPassword,
        })
      if (!(await spendSecondFactor(row, input.code)))
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode })
      await limits.recordSuccessfulLogin(row.username, client.ip)
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { totpSecret: null, totpPendingSecret: null, totpLastStep: null })
        await repo.replaceRecoveryCodes(tx, user.id, [])
      })
      await deps.notifications.notify({ userId: user.id, ...twoFactorNotices.disabled })
      return { ok: true as const }
    },

    /** Resolves a bearer token to its user, or undefined when it is unknown or expired. */
    async authenticate(token: string): Promise<AuthUser | undefined> {
      const now = Date.now()
      const found = await repo.findSession(db, hashToken(token))
      if (!found || found.session.expiresAt.getTime() <= now) return undefined
      const { user, session } = found
      // The touch is a write, so on PGlite the next lookup reads the session anew (docs/decisions/0013).
      if (now - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
        await repo.touchSession(db, session.id, new Date(now))
      return { id: user.id, username: user.username, isAdmin: user.isAdmin, sessionId: session.id }
    },

    logout(user: AuthUser) {
      return repo.deleteSession(db, user.sessionId)
    },

    async getProfile(user: AuthUser) {
      return toProfile(await requireUserRow(user.id))
    },

    async updateProfile(user: AuthUser, input: ProfileBody) {
      await assertAvailable({ email: input.email }, user.id)
      const row = await insertUnique(
        () =>
          repo.updateUser(db, user.id, {
            email: input.email,
            fullName: input.fullName,
            organization: blankToNull(input.organization),
          }),
        {},
      )
      if (!row) throw new AppError('UNAUTHENTICATED', messages.sessionExpired)
      return toProfile(row)
    },

    /** Changes the password and signs out every other session of the user; this one stays. */
    async changePassword(user: AuthUser, input: ChangePasswordBody) {
      const row = await requireUserRow(user.id)
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw new AppError('BAD_REQUEST', messages.wrongCurrentPassword, {
          currentPassword: messages.wrongCurrentPassword,
        })
      }
      const passwordHash = await hashPassword(input.newPassword)
      const revokedSessions = await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash })
        return repo.deleteOtherSessions(tx, user.id, user.sessionId)
      })
      return { ok: true as const, revokedSessions }
    },

    /**
     * Mails a one-hour reset link when the address has an account, and answers the same either way and in
     * the same time: both paths await the same steps (the limit, the lookup) and the token insert and the
     * mail come after the answer, so its timing does not tell whether the account exists.
     */
    async requestPasswordReset(input: ForgotPasswordBody, client: ClientInfo) {
      await limits.consumeResetRequest(client.ip)
      const user = await repo.findUserByEmail(db, input.email)
      if (user) afterAnswer(() => sendResetLink(user), 'the password reset mail failed')
      return { ok: true as const, message: passwordResetMessages.sent }
    },

    /** Resolves once the work left after answers (reset mails) is done; the app waits for it on close. */
    async settle() {
      await Promise.all(inBackground)
    },

    /** Sets the new password once per link and signs the user out everywhere. */
    async resetPassword(input: ResetPasswordBody) {
      const done = await db.transaction(async (tx) => {
        const userId = await repo.consumePasswordReset(tx, hashToken(input.token), new Date())
        if (userId === undefined) return false
        // Hashed only once the token proved good: made-up tokens must not buy seconds of the server's CPU.
        await repo.updateUser(tx, userId, { passwordHash: await hashPassword(input.newPassword) })
        await repo.deleteAllSessions(tx, userId)
        return true
      })
      if (!done)
        throw new AppError('BAD_REQUEST', passwordResetMessages.invalidToken, {
          token: passwordResetMessages.invalidToken,
        })
      return { ok: true as const, message: passwordResetMessages.done }
    },

    async setPassword(username: string, password: string) {
      const row = await repo.findUserByUsername(db, username)
      if (!row) throw new AppError('NOT_FOUND', `No user named '${username}'.`)
      const passwordHash = await hashPassword(password)
      await repo.updateUser(db, row.id, { passwordHash })
    },

    async promote(username: string) {
      const row = await repo.findUserByUsername(db, username)
      if (!row) throw new AppError('NOT_FOUND', `No user named '${username}'.`)
      return repo.updateUser(db, row.id, { isAdmin: true }) as Promise<repo.UserRow>
    },

    listAdminIds() {
      return repo.listAdminIds(db)
    },

    async listSessions(user: AuthUser): Promise<ActiveSession[]> {
      return (await repo.listLiveSessions(db, user.id, new Date())).map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        userAgent: s.userAgent,
        ipAddress: s.ipAddress,
        current: s.id === user.sessionId,
      }))
    },

    /** Signs the user out everywhere, this session included. */
    async logoutAll(user: AuthUser) {
      const revokedSessions = await repo.deleteAllSessions(db, user.id)
      return { ok: true as const, revokedSessions }
    },

    async listUsers() {
      return (await repo.listUsers(db)).map(toAdminUser)
    },

    countUsers() {
      return repo.countUsers(db)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
