import { createHash } from 'node:crypto'
import type pg from 'pg'
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible'
import { AppError } from '~/errors'
import { rateLimitRefusals } from './metrics'

export type Limit = { points: number; seconds: number }
export type { RateLimiterAbstract }

/** A 429 with `Retry-After`; `{minutes}` in the message becomes the wait, rounded up. */
export function tooMany(message: string, msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000))
  return new AppError(
    'RATE_LIMITED',
    message.replace('{minutes}', String(Math.ceil(seconds / 60))),
    undefined,
    { 'retry-after': String(seconds) },
  )
}

/** Spends one point of `key` and answers the count, or throws 429 with `message` when none is left. */
export async function consume(limiter: RateLimiterAbstract, key: string, message: string) {
  try {
    return await limiter.consume(key)
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      rateLimitRefusals.inc({ limit: limiter.keyPrefix })
      throw tooMany(message, rejection.msBeforeNext)
    }
    throw rejection
  }
}

/**
 * A fixed-length key: it fits the table's varchar(255) whatever a client puts in X-Forwarded-For, and the
 * shared table holds no usernames or addresses.
 */
export const storeKey = (...parts: string[]) =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url')

/**
 * With `pool` (PostgreSQL), the counts live in the `rate_limits` table every instance shares (migration
 * 0010; the library must never create tables). Without it (PGlite, one process by its data-dir lock), in
 * memory, which is then the whole truth. docs/decisions/0004. `keyPrefix` must be unique per limit, so the
 * limiters sharing the table never share a key; exactly one limiter per process passes `clearExpired`
 * (every 5 minutes it deletes the rows of the whole table that expired an hour ago).
 */
export function createLimiter(options: {
  pool?: pg.Pool
  keyPrefix: string
  limit: Limit
  clearExpired?: boolean
}): RateLimiterAbstract {
  const { pool, keyPrefix, limit, clearExpired = false } = options
  const { points, seconds: duration } = limit
  if (!pool) return new RateLimiterMemory({ keyPrefix, points, duration })
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration,
    clearExpiredByTimeout: clearExpired,
  })
}
