import { messages } from '@patentdesk/contract/errors'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/client'
import { AppError } from '~/errors'
import type { Mailer } from '~/providers/mailer'
import { createAccounts } from './accounts'
import { type BackgroundTasks, createBackgroundTasks } from './background'
import { createPasswordReset } from './password-reset'
import type { AuthRateLimits } from './rate-limits'
import { createSessions } from './sessions'
import { createTwoFactorSettings } from './two-factor-settings'

/** The signed-in user of a request, with the session it came through. */
export type AuthUser = { id: number; username: string; isAdmin: boolean; sessionId: number }
export type ClientInfo = { ip: string; userAgent: string | undefined }

/** The one rule for administrators' routes and actions: a signed-in user who is not one is refused. */
export function assertAdmin(user: AuthUser): AuthUser {
  if (!user.isAdmin) throw new AppError('FORBIDDEN', messages.adminOnly)
  return user
}

/**
 * What sign-in needs of notifications, declared here so that auth depends on no other feature: a notice
 * to one user, stored once per `dedupeKey` when one is given (app.ts hands over the notifications service).
 */
export type Notifier = {
  notify(notice: { userId: number; title: string; message: string; dedupeKey?: string }): Promise<unknown>
}

export type AuthDeps = {
  db: Db
  limits: AuthRateLimits
  sessionTtlDays: number
  notifications: Notifier
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
}

/** What the service's parts share: the dependencies, and the work they leave for after the answer. */
export type AuthParts = AuthDeps & { background: BackgroundTasks }

/**
 * Accounts and sign-in, one service from four parts: accounts (registration, profile, administration),
 * sessions (login, bearer tokens, sign-out), two-factor settings, and password reset by mail.
 */
export function createAuthService(deps: AuthDeps) {
  const background = createBackgroundTasks(deps.log)
  const parts: AuthParts = { ...deps, background }
  return {
    ...createAccounts(parts),
    ...createSessions(parts),
    ...createTwoFactorSettings(parts),
    ...createPasswordReset(parts),
    /** Resolves once the work left after answers (mails, notices) is done; the app waits for it on close. */
    settle: background.settle,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
