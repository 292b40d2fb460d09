import { createHash } from 'node:crypto'
import { messages } from '@patentdesk/contract/errors'
import type pg from 'pg'
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import { AppError } from '~/errors'
import { normalizeUsername } from './auth.repo'

type Limit = { points: number; seconds: number }
export type AuthLimits = {
  failedLogins: Limit
  failedLoginsPerClient: Limit
  registrations: Limit
  resetRequests: Limit
}

/** Levels a person never meets and a script soon does. */
export const defaultAuthLimits: AuthLimits = {
  /** Per username and client: a stranger elsewhere cannot lock a user out. */
  failedLogins: { points: 10, seconds: 15 * 60 },
  /** Per client across usernames, so one address cannot try ten passwords on any number of accounts. */
  failedLoginsPerClient: { points: 30, seconds: 15 * 60 },
  registrations: { points: 30, seconds: 60 * 60 },
  resetRequests: { points: 10, seconds: 60 * 60 },
}

function tooMany(message: string, msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  return new AppError(
    'RATE_LIMITED',
    message.replace('{minutes}', String(Math.ceil(seconds / 60))),
    undefined,
    {
      'retry-after': String(seconds),
    },
  )
}

/** Spends one point of `key`, or throws 429 with `message` when none is left. */
async function consume(limiter: RateLimiterAbstract, key: string, message: string) {
  try {
    await limiter.consume(key)
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(message, rejection.msBeforeNext)
    throw rejection
  }
}

/**
 * A fixed-length key: it fits the table's varchar(255) whatever a client puts in X-Forwarded-For, and the
 * shared table holds no usernames or addresses.
 */
const storeKey = (...parts: string[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url')

/**
 * With `pool` (PostgreSQL), the counts live in the `rate_limits` table every instance shares (migration
 * 0010; the library must never create tables). Without it (PGlite, one process by its data-dir lock), in
 * memory, which is then the whole truth. docs/decisions/0004.
 */
export function createAuthRateLimits(options: { pool?: pg.Pool; limits?: Partial<AuthLimits> } = {}) {
  const { pool } = options
  const limits = { ...defaultAuthLimits, ...options.limits }
  // The limit's name is the key prefix, so the limiters sharing the table never share a key.
  const limiter = (keyPrefix: keyof AuthLimits): RateLimiterAbstract => {
    const { points, seconds: duration } = limits[keyPrefix]
    if (!pool) return new RateLimiterMemory({ keyPrefix, points, duration })
    return new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix,
      points,
      duration,
      // Every 5 minutes it deletes the rows of the whole table that expired an hour ago: one limiter is enough.
      clearExpiredByTimeout: keyPrefix === 'failedLogins',
    })
  }
  const failedLogins = limiter('failedLogins')
  const failedLoginsPerClient = limiter('failedLoginsPerClient')
  const registrations = limiter('registrations')
  const resetRequests = limiter('resetRequests')
  const loginKey = (username: string, ip: string) => storeKey(normalizeUsername(username), ip)

  return {
    /**
     * Spends a point of this username and client, then one of the client, before the password is checked:
     * an atomic count taken up front cannot be passed by parallel attempts the way a check made before any
     * of them has failed can. Throws 429 once either is used up.
     */
    async consumeLoginAttempt(username: string, ip: string) {
      await consume(failedLogins, loginKey(username, ip), messages.tooManyLogins)
      await consume(failedLoginsPerClient, storeKey(ip), messages.tooManyLogins)
    },
    /**
     * A success was no failure. It clears the username's count for this client, which has just shown the
     * password, but only gives back its own point of the client's count: clearing that would let a client
     * sign in to an account of its own between guesses at others' and never reach the limit.
     */
    async recordSuccessfulLogin(username: string, ip: string) {
      await failedLogins.delete(loginKey(username, ip))
      await failedLoginsPerClient.reward(storeKey(ip))
    },
    consumeRegistration: (ip: string) => consume(registrations, storeKey(ip), messages.tooManyRegistrations),
    consumeResetRequest: (ip: string) => consume(resetRequests, storeKey(ip), messages.tooManyResetRequests),
  }
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>
