import {
  type ForgotPasswordBody,
  passwordResetMessages,
  type ResetPasswordBody,
} from '@patentdesk/contract/auth'
import { AppError } from '~/errors'
import * as repo from './auth.repo'
import type { AuthDeps, ClientInfo } from './auth.service'
import { hashPassword } from './passwords'
import { createToken, hashToken } from './tokens'

const RESET_TTL_MS = 60 * 60 * 1000

/** The forgotten-password flow: a one-hour link by mail, then a new password once per link. */
export function createPasswordReset(deps: AuthDeps) {
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

  return {
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
  }
}
