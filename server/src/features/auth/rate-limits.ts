import { messages } from '@patentdesk/contract/errors'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from '~/errors'

type Limit = { points: number; seconds: number }
export type AuthLimits = { failedLogins: Limit; registrations: Limit; resetRequests: Limit }

/** Levels a person never meets and a script soon does. */
export const defaultAuthLimits: AuthLimits = {
  failedLogins: { points: 10, seconds: 15 * 60 },
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

const limiter = ({ points, seconds }: Limit) => new RateLimiterMemory({ points, duration: seconds })

/** Spends one point of `key`, or throws 429 with `message` when none is left. */
async function consume(limiterInstance: RateLimiterMemory, key: string, message: string) {
  try {
    await limiterInstance.consume(key)
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw tooMany(message, rejection.msBeforeNext)
    throw rejection
  }
}

/** In memory, per process; a Redis or PostgreSQL store is a later option (docs/decisions). */
export function createAuthRateLimits(overrides: Partial<AuthLimits> = {}) {
  const limits = { ...defaultAuthLimits, ...overrides }
  const failedLogins = limiter(limits.failedLogins)
  const registrations = limiter(limits.registrations)
  const resetRequests = limiter(limits.resetRequests)
  const loginKey = (username: string, ip: string) => `${username.toLowerCase()}|${ip}`

  return {
    /** Throws 429 once this username and client have used up their failed attempts. */
    async assertLoginAllowed(username: string, ip: string) {
      const state = await failedLogins.get(loginKey(username, ip))
      if (state && state.remainingPoints <= 0) throw tooMany(messages.tooManyLogins, state.msBeforeNext)
    },
    async recordFailedLogin(username: string, ip: string) {
      await failedLogins.penalty(loginKey(username, ip))
    },
    async clearFailedLogins(username: string, ip: string) {
      await failedLogins.delete(loginKey(username, ip))
    },
    consumeRegistration: (ip: string) => consume(registrations, ip, messages.tooManyRegistrations),
    consumeResetRequest: (ip: string) => consume(resetRequests, ip, messages.tooManyResetRequests),
  }
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>
