import {
  type TwoFactorDisableBody,
  type TwoFactorEnableBody,
  twoFactorMessages,
} from '@patentdesk/contract/auth'
import { AppError } from '~/errors'
import * as repo from './auth.repo'
import type { AuthDeps, AuthUser, ClientInfo } from './auth.service'
import { verifyPassword } from './passwords'
import { requireUserRow } from './profile'
import { spendSecondFactor } from './sessions'
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

/** Turning two-factor sign-in on (set up, then enable with a first code) and off. */
export function createTwoFactorSettings(deps: AuthDeps) {
  const { db, limits } = deps
  return {
    /** Stores a new pending secret (replacing any earlier pending one); sign-in is unchanged until enabled. */
    async setUpTwoFactor(user: AuthUser) {
      const row = await requireUserRow(db, user.id)
      if (row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.alreadyEnabled)
      const { secret, otpauthUri } = createTotpSecret(row.username)
      await repo.updateUser(db, user.id, { totpPendingSecret: secret })
      return { secret, otpauthUri }
    },

    /** Turns the pending secret on with its first code and answers ten recovery codes, stored only hashed. */
    async enableTwoFactor(user: AuthUser, input: TwoFactorEnableBody) {
      const row = await requireUserRow(db, user.id)
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
      const row = await requireUserRow(db, user.id)
      if (!row.totpSecret) throw new AppError('CONFLICT', twoFactorMessages.notEnabled)
      await limits.consumeLoginAttempt(row.username, client.ip)
      if (!(await verifyPassword(row.passwordHash, input.password)))
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongPassword, {
          password: twoFactorMessages.wrongPassword,
        })
      if (!(await spendSecondFactor(db, row, input.code)))
        throw new AppError('BAD_REQUEST', twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode })
      await limits.recordSuccessfulLogin(row.username, client.ip)
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { totpSecret: null, totpPendingSecret: null, totpLastStep: null })
        await repo.replaceRecoveryCodes(tx, user.id, [])
      })
      await deps.notifications.notify({ userId: user.id, ...twoFactorNotices.disabled })
      return { ok: true as const }
    },
  }
}
