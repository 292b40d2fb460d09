import {
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  type TwoFactorSetupBody,
  twoFactorMessages,
} from '@patentdesk/contract/auth'
import { AppError } from '~/errors'
import { sendNotice, twoFactorReset } from './account-notices'
import * as repo from './auth.repo'
import type { AuthParts, AuthUser, ClientInfo } from './auth-parts'
import { confirmCurrentPassword } from './current-password'
import { verifyPassword } from './passwords'
import { requireUserRow } from './profile'
import { checkSecondFactor } from './second-factor'
import { createRecoveryCode, createTotpSecret, hashRecoveryCode, matchTotpStep } from './two-factor'

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

/** Turning two-factor sign-in on (set up, then enable with a first code) and off, and an administrator's reset. */
export function createTwoFactorSettings(deps: AuthParts) {
  const { db, limits } = deps

  /** Clears the secret, a pending one and the recovery codes, and signs out `sessions`; answers how many went. */
  function turnOff(userId: number, sessions: 'keep' | 'all') {
    return db.transaction(async (tx) => {
      await repo.updateUser(tx, userId, { totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      await repo.replaceRecoveryCodes(tx, userId, [])
      return sessions === 'all' ? repo.deleteAllSessions(tx, userId) : 0
    })
  }

  return {
    /**
     * Stores a new pending secret (replacing any earlier pending one) once the current password is given, so
     * a stolen session cannot enrol its own authenticator; sign-in is unchanged until enabled.
     */
    async setUpTwoFactor(user: AuthUser, input: TwoFactorSetupBody, client: ClientInfo) {
      const row = await requireUserRow(db, user.id)
      if (row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.alreadyEnabled)
      await confirmCurrentPassword(deps, { user: row, password: input.password, client, field: 'password' })
      const { secret, otpauthUri } = createTotpSecret(row.username)
      await repo.updateUser(db, user.id, { totpPendingSecret: secret })
      return { secret, otpauthUri }
    },

    /**
     * Turns the pending secret on with its first code and answers ten recovery codes, stored only hashed.
     * Every other session of the user is signed out (this one stays): one opened before 2FA was on may be
     * someone else's.
     */
    async enableTwoFactor(user: AuthUser, input: TwoFactorEnableBody) {
      const row = await requireUserRow(db, user.id)
      if (row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.alreadyEnabled)
      if (!row.totpPendingSecret)
        throw new AppError('BAD_REQUEST', twoFactorMessages.notSetUp, { code: twoFactorMessages.notSetUp })
      const step = matchTotpStep(row.totpPendingSecret, input.code)
      if (step === undefined)
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode })
      const codes = Array.from({ length: 10 }, createRecoveryCode)
      const revokedSessions = await db.transaction(async (tx) => {
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
        return repo.deleteOtherSessions(tx, user.id, user.sessionId)
      })
      await deps.notifications.notify({ userId: user.id, ...twoFactorNotices.enabled })
      return { recoveryCodes: codes, revokedSessions }
    },

    /**
     * Turns two-factor sign-in off with the password and a current code (or a recovery code). Attempts count
     * against the failed-login limit, and the code against the account's code limit, so a borrowed session
     * cannot guess its way through.
     */
    async disableTwoFactor(user: AuthUser, input: TwoFactorDisableBody, client: ClientInfo) {
      const row = await requireUserRow(db, user.id)
      if (!row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.notEnabled)
      await limits.consumeLoginAttempt(row.username, client.ip)
      if (!(await verifyPassword(row.passwordHash, input.password)))
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongPassword, {
          password: twoFactorMessages.wrongPassword,
        })
      if (!(await checkSecondFactor(deps, row, input.code)))
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode })
      await limits.recordSuccessfulLogin(row.username, client.ip)
      await turnOff(user.id, 'keep')
      await deps.notifications.notify({ userId: user.id, ...twoFactorNotices.disabled })
      return { ok: true as const }
    },

    /**
     * For an administrator who has checked the owner's identity another way (`npm run cli -- reset-2fa`):
     * turns 2FA off, clears any pending set-up and the recovery codes, signs out every session, and tells the
     * owner in the app and by mail. The mail is awaited: the command says whether it went. An account without
     * 2FA on is left as it is (409).
     */
    async resetTwoFactor(username: string) {
      const row = await repo.findUserByUsername(db, username)
      if (!row) throw new AppError('NOT_FOUND', `No user named '${username}'.`)
      if (!row.totpSecret)
        throw new AppError(
          'CONFLICT',
          `Two-factor sign-in is not on for '${row.username}': nothing was changed.`,
        )
      const recoveryCodes = await repo.countUnusedRecoveryCodes(db, row.id)
      const revokedSessions = await turnOff(row.id, 'all')
      const result = {
        username: row.username,
        recoveryCodes,
        revokedSessions,
        mailedTo: row.email,
        mailError: undefined as string | undefined,
      }
      try {
        await sendNotice(deps, row, twoFactorReset(row, new Date()))
      } catch (error) {
        result.mailError = error instanceof Error ? error.message : String(error)
      }
      return result
    },
  }
}
