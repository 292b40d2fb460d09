import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '~/config'
import { createPassword } from '~/shared/tokens'
import type { AuthService } from './auth.service'

/**
 * On an empty database, creates the first administrator from ADMIN_*; with no password given, one is
 * generated and logged this once (it is stored only as a hash).
 */
export async function ensureFirstAdmin(auth: AuthService, admin: Config['admin'], log: FastifyBaseLogger) {
  if ((await auth.countUsers()) > 0) return undefined
  const password = admin.password ?? createPassword()
  const user = await auth.createUser({
    username: admin.username,
    email: admin.email,
    fullName: 'Administrator',
    password,
    isAdmin: true,
  })
  if (admin.password) {
    log.info(
      { username: user.username },
      'created the first administrator from ADMIN_USERNAME/ADMIN_PASSWORD',
    )
  } else {
    log.warn(
      `created the first administrator '${user.username}' with the generated password ${password} ` +
        '(shown only this once; change it under Profile > Change Password)',
    )
  }
  return user
}
