import type { Profile } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import * as repo from './auth.repo'

export const toProfile = (u: repo.UserRow): Profile => ({
  email: u.email,
  fullName: u.fullName,
  organization: u.organization,
  twoFactorEnabled: u.totpSecret !== null,
})

/** The signed-in user's row; a user deleted since the session began is signed out. */
export async function requireUserRow(db: Db, id: number) {
  const user = await repo.findUserById(db, id)
  if (!user) throw new AppError('UNAUTHENTICATED', messages.sessionExpired)
  return user
}
