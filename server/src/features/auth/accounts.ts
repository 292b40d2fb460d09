import type { AdminUser } from '@patentdesk/contract/admin'
import {
  authMessages,
  type ChangePasswordBody,
  changesEmail,
  type ProfileBody,
  type RegisterBody,
} from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import { uniqueViolation } from '~/db/errors'
import { AppError } from '~/errors'
import { emailChanged, tellOwner } from './account-notices'
import * as repo from './auth.repo'
import type { AuthParts, AuthUser, ClientInfo } from './auth-parts'
import { confirmCurrentPassword } from './current-password'
import { hashPassword, verifyPassword } from './passwords'
import { requireUserRow, toProfile } from './profile'
import { startSession } from './sessions'

const toAdminUser = (u: repo.UserRow): AdminUser => ({
  id: u.id,
  username: u.username,
  fullName: u.fullName,
  email: u.email,
  organization: u.organization,
  isAdmin: u.isAdmin,
  createdAt: u.createdAt.toISOString(),
})

const blankToNull = (v: string | undefined) => (v ? v : null)

const welcome = {
  title: 'Welcome to PatentDesk',
  message: 'Your account is ready. Search existing patents, or draft your first UK patent application.',
}

/** Registration, the user's own profile and password, and the accounts as administrators see them. */
export function createAccounts(deps: AuthParts) {
  const { db, limits } = deps

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

  async function createUser(input: RegisterBody & { isAdmin?: boolean }) {
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
  }

  return {
    createUser,

    async register(input: RegisterBody, client: ClientInfo) {
      await limits.consumeRegistration(client.ip)
      const user = await createUser(input)
      await deps.notifications.notify({ userId: user.id, ...welcome, dedupeKey: 'welcome' })
      return startSession(deps, user, client)
    },

    async getProfile(user: AuthUser) {
      return toProfile(await requireUserRow(db, user.id))
    },

    /**
     * Updates name, organisation and email. A new address (compared as the lookup compares) needs the current
     * password, so a stolen session alone cannot take the account's mail; the old address is told of the
     * change, and open reset links (sent to it) are spent.
     */
    async updateProfile(user: AuthUser, input: ProfileBody, client: ClientInfo) {
      const before = await requireUserRow(db, user.id)
      const emailChanges = changesEmail(input.email, before.email)
      if (emailChanges) {
        if (!input.currentPassword)
          throw new AppError('BAD_REQUEST', authMessages.emailChangePassword, {
            currentPassword: authMessages.emailChangePassword,
          })
        const check = { user: before, password: input.currentPassword, client, field: 'currentPassword' }
        await confirmCurrentPassword(deps, check)
      }
      await assertAvailable({ email: input.email }, user.id)
      const row = await insertUnique(
        () =>
          db.transaction(async (tx) => {
            const updated = await repo.updateUser(tx, user.id, {
              email: input.email,
              fullName: input.fullName,
              organization: blankToNull(input.organization),
            })
            if (updated && emailChanges) await repo.spendPasswordResets(tx, user.id, new Date())
            return updated
          }),
        {},
      )
      if (!row) throw new AppError('UNAUTHENTICATED', messages.sessionExpired)
      if (emailChanges) tellOwner(deps, before, emailChanged(before, row.email, new Date()), before.email)
      return toProfile(row)
    },

    /** Changes the password and signs out every other session of the user; this one stays. */
    async changePassword(user: AuthUser, input: ChangePasswordBody) {
      const row = await requireUserRow(db, user.id)
      if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw new AppError('BAD_REQUEST', messages.wrongCurrentPassword, {
          currentPassword: messages.wrongCurrentPassword,
        })
      }
      const passwordHash = await hashPassword(input.newPassword)
      const revokedSessions = await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash })
        // A reset link still open would undo the new password.
        await repo.spendPasswordResets(tx, user.id, new Date())
        return repo.deleteOtherSessions(tx, user.id, user.sessionId)
      })
      return { ok: true as const, revokedSessions }
    },

    async setPassword(username: string, password: string) {
      const row = await repo.findUserByUsername(db, username)
      if (!row) throw new AppError('NOT_FOUND', `No user named '${username}'.`)
      const passwordHash = await hashPassword(password)
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, row.id, { passwordHash })
        await repo.spendPasswordResets(tx, row.id, new Date())
      })
    },

    async promote(username: string) {
      const row = await repo.findUserByUsername(db, username)
      if (!row) throw new AppError('NOT_FOUND', `No user named '${username}'.`)
      return repo.updateUser(db, row.id, { isAdmin: true }) as Promise<repo.UserRow>
    },

    listAdminIds() {
      return repo.listAdminIds(db)
    },

    async listUsers() {
      return (await repo.listUsers(db)).map(toAdminUser)
    },

    countUsers() {
      return repo.countUsers(db)
    },
  }
}
