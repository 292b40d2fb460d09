import { messages } from '@patentdesk/contract/errors'
import { AppError } from '~/errors'
import type { UserRow } from './auth.repo'
import type { AuthParts, ClientInfo } from './auth-parts'
import { verifyPassword } from './passwords'

/**
 * Checks the signed-in user's password before a change a stolen session alone must not make (turning 2FA
 * on, moving the email address). Each check spends a point of the failed-login limits of this username and
 * address and of the address, given back on success, so a session cannot guess the password any faster
 * than the login form allows. A wrong one is 401 naming `field`.
 */
export async function confirmCurrentPassword(
  deps: Pick<AuthParts, 'limits'>,
  check: { user: UserRow; password: string; client: ClientInfo; field: string },
) {
  const { user, password, client, field } = check
  await deps.limits.consumeLoginAttempt(user.username, client.ip)
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError('UNAUTHENTICATED', messages.wrongCurrentPassword, {
      [field]: messages.wrongCurrentPassword,
    })
  await deps.limits.recordSuccessfulLogin(user.username, client.ip)
}
