import { messages } from '@patentdesk/contract/errors'
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible'
import { AppError } from '~/errors'

export type AuthLimits = {
  failedLogins: { points: number; seconds: number }
  registrations: { points: number; seconds: number }
}

/** Levels a person never meets and a script soon does. */
export const defaultAuthLimits: AuthLimits = {
  failedLogins: { points: 10, seconds: 15 * 60 },
  registrations: { points: 30, seconds: 60 * 60 },
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

/** In memory, per process; a Redis or PostgreSQL store is a later option (docs/decisions). */
export function createAuthRateLimits(limits: AuthLimits = defaultAuthLimits) {
  const failedLogins = new RateLimiterMemory({
    points: limits.failedLogins.points,
    duration: limits.failedLogins.seconds,
  })
  const registrations = new RateLimiterMemory({
    points: limits.registrations.points,
    duration: limits.registrations.seconds,
  })
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
    async consumeRegistration(ip: string) {
      try {
        await registrations.consume(ip)
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes)
          throw tooMany(messages.tooManyRegistrations, rejection.msBeforeNext)
        throw rejection
      }
    },
  }
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>
