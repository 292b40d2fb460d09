import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import type { Mailer } from '~/providers/mailer'
import type { BackgroundTasks } from './background'
import type { AuthRateLimits } from './rate-limits'

/* The types the auth service's parts share, apart from the service that puts them together. */

/** The signed-in user of a request, with the session it came through. */
export type AuthUser = { id: number; username: string; isAdmin: boolean; sessionId: number }
export type ClientInfo = { ip: string; userAgent: string | undefined }

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
