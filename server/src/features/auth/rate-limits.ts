import { twoFactorMessages } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import type pg from 'pg'
import { consume, createLimiter, type Limit, storeKey } from '~/shared/rate-limiter'
import { normalizeUsername } from './auth.repo'

export type AuthLimits = {
  failedLogins: Limit
  failedLoginsPerClient: Limit
  failedCodes: Limit
  registrations: Limit
  resetRequests: Limit
}

/** Levels a person never meets and a script soon does. */
export const defaultAuthLimits: AuthLimits = {
  /** Per username and client: a stranger elsewhere cannot lock a user out. */
  failedLogins: { points: 10, seconds: 15 * 60 },
  /** Per client across usernames, so one address cannot try ten passwords on any number of accounts. */
  failedLoginsPerClient: { points: 30, seconds: 15 * 60 },
  /**
   * Per account, from any address: second-factor codes are guessed by someone who has the password, and
   * may come from any number of addresses (docs/decisions/0017).
   */
  failedCodes: { points: 10, seconds: 15 * 60 },
  registrations: { points: 30, seconds: 60 * 60 },
  resetRequests: { points: 10, seconds: 60 * 60 },
}

/** The counts live where `createLimiter` puts them: PostgreSQL's shared table, or memory with PGlite. */
export function createAuthRateLimits(options: { pool?: pg.Pool; limits?: Partial<AuthLimits> } = {}) {
  const { pool } = options
  const limits = { ...defaultAuthLimits, ...options.limits }
  // The limit's name is the key prefix, so the limiters sharing the table never share a key.
  const limiter = (keyPrefix: keyof AuthLimits) =>
    createLimiter({ pool, keyPrefix, limit: limits[keyPrefix], clearExpired: keyPrefix === 'failedLogins' })
  const failedLogins = limiter('failedLogins')
  const failedLoginsPerClient = limiter('failedLoginsPerClient')
  const failedCodes = limiter('failedCodes')
  const registrations = limiter('registrations')
  const resetRequests = limiter('resetRequests')
  const loginKey = (username: string, ip: string) => storeKey(normalizeUsername(username), ip)
  const accountKey = (userId: number) => storeKey('account', String(userId))

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
    /**
     * Spends a point of the account's second-factor allowance before a code is checked, whatever the
     * address; 429 once used up. `last` says this attempt spent the last point: should its code be wrong,
     * the account's code step is now locked (once per lock-out, however many instances count).
     */
    async consumeCodeAttempt(userId: number) {
      const spent = await consume(failedCodes, accountKey(userId), twoFactorMessages.tooManyCodes)
      return { last: spent.consumedPoints === limits.failedCodes.points, msBeforeNext: spent.msBeforeNext }
    },
    /**
     * A right code gives back only its own point: clearing the count would let the owner's sign-ins reset it
     * between an attacker's guesses.
     */
    async recordGoodCode(userId: number) {
      await failedCodes.reward(accountKey(userId))
    },
    consumeRegistration: (ip: string) => consume(registrations, storeKey(ip), messages.tooManyRegistrations),
    consumeResetRequest: (ip: string) => consume(resetRequests, storeKey(ip), messages.tooManyResetRequests),
  }
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>
