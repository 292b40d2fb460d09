import { type LoginBody, twoFactorMessages } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import type { SessionUser } from '@patentdesk/contract/session-user'
import type { ActiveSession } from '@patentdesk/contract/settings'
import { memoUntilWrite } from '~/db/read-memo'
import { AppError } from '~/errors'
import { createToken, hashToken } from '~/shared/tokens'
import * as repo from './auth.repo'
import type { AuthDeps, AuthParts, AuthUser, ClientInfo } from './auth-parts'
import { verifyDummy, verifyPassword } from './passwords'
import { toProfile } from './profile'
import { checkSecondFactor } from './second-factor'

const TOUCH_INTERVAL_MS = 5 * 60 * 1000

/**
 * A token's session and user, read on every request and written far less often: on PGlite, an answer kept
 * until the database's next write (docs/decisions/0013); on PostgreSQL, read every time.
 */
const sessionOfToken = memoUntilWrite(repo.findSession)

/** Opens a session for the user and answers its bearer token with the user. */
export async function startSession(
  deps: Pick<AuthDeps, 'db' | 'sessionTtlDays'>,
  user: repo.UserRow,
  client: ClientInfo,
): Promise<SessionUser> {
  const token = createToken()
  const now = Date.now()
  await repo.insertSession(deps.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now + deps.sessionTtlDays * 24 * 60 * 60 * 1000),
    userAgent: client.userAgent?.slice(0, 500),
    ipAddress: client.ip,
  })
  return { token, id: user.id, username: user.username, isAdmin: user.isAdmin, ...toProfile(user) }
}

/** Signing in and out, and the bearer sessions between. */
export function createSessions(deps: AuthParts) {
  const { db, limits } = deps
  return {
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
      // The code also spends a point of the account's own allowance (429 once used up), from any address.
      if (user.totpSecret && !(await checkSecondFactor(deps, user, input.code ?? '')))
        throw new AppError('UNAUTHENTICATED', twoFactorMessages.wrongLoginCode)
      await limits.recordSuccessfulLogin(input.username, client.ip)
      return startSession(deps, user, client)
    },

    /** Resolves a bearer token to its user, or undefined when it is unknown or expired. */
    async authenticate(token: string): Promise<AuthUser | undefined> {
      const now = Date.now()
      const found = await sessionOfToken(db, hashToken(token))
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
  }
}
