import type { Db } from '~/db/database'
import { codesLockedOut, tellOwner } from './account-notices'
import * as repo from './auth.repo'
import type { AuthParts } from './auth-parts'
import { hashRecoveryCode, isTotpCode, matchTotpStep } from './two-factor'

/**
 * Whether `code` signs the user in a second time: a TOTP code of a step not used before (which it then
 * uses up), or an unused recovery code (which it then spends).
 */
async function spendSecondFactor(db: Db, user: repo.UserRow, code: string) {
  if (!user.totpSecret) return false
  if (isTotpCode(code)) {
    const step = matchTotpStep(user.totpSecret, code.replace(/\s/g, ''))
    return step !== undefined && repo.recordTotpStep(db, user.id, step)
  }
  return repo.spendRecoveryCode(db, user.id, hashRecoveryCode(user.id, code), new Date())
}

/**
 * Checks a second-factor code (sign-in, turning 2FA off) against the account's own allowance, whatever the
 * address it comes from: a point is spent before the code is checked (429 `tooManyCodes` once none is
 * left), a right code gives its point back. The wrong code that spends the last point locks the code step,
 * and the owner is told once, in the app and by mail.
 */
export async function checkSecondFactor(deps: AuthParts, user: repo.UserRow, code: string) {
  const attempt = await deps.limits.consumeCodeAttempt(user.id)
  if (await spendSecondFactor(deps.db, user, code)) {
    await deps.limits.recordGoodCode(user.id)
    return true
  }
  if (attempt.last) {
    const minutes = Math.max(1, Math.ceil(attempt.msBeforeNext / 60_000))
    tellOwner(deps, user, codesLockedOut(user, new Date(), minutes))
  }
  return false
}
