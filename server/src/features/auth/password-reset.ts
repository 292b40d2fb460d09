import {
  type ForgotPasswordBody,
  passwordResetMessages,
  type ResetPasswordBody,
} from '@patentdesk/contract/auth'
import { AppError } from '~/errors'
import { createToken, hashToken } from '~/shared/tokens'
import * as repo from './auth.repo'
import type { AuthParts, ClientInfo } from './auth-parts'
import { hashPassword } from './passwords'

const RESET_TTL_MS = 60 * 60 * 1000

/** The forgotten-password flow: a one-hour link by mail, then a new password once per link. */
export function createPasswordReset(deps: AuthParts) {
  const { db, limits, background } = deps

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

  return {
    /**
     * Mails a one-hour reset link when the address has an account, and answers the same either way and in
     * the same time: both paths await the same steps (the limit, the lookup) and the token insert and the
     * mail come after the answer, so its timing does not tell whether the account exists.
     */
    async requestPasswordReset(input: ForgotPasswordBody, client: ClientInfo) {
      await limits.consumeResetRequest(client.ip)
      const user = await repo.findUserByEmail(db, input.email)
      if (user) background.run(() => sendResetLink(user), 'the password reset mail failed')
      return { ok: true as const, message: passwordResetMessages.sent }
    },

    /**
     * Sets the new password once per link and signs the user out everywhere. Every other open link of the
     * account is spent with it: a link still lying in a mailbox would undo the new password.
     */
    async resetPassword(input: ResetPasswordBody) {
      const done = await db.transaction(async (tx) => {
        const now = new Date()
        const userId = await repo.consumePasswordReset(tx, hashToken(input.token), now)
        if (userId === undefined) return false
        await repo.spendPasswordResets(tx, userId, now)
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
  }
}
