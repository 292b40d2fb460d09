import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeEach, vi } from 'vitest'
import type { buildTestApp } from './test-app'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

/**
 * The server reads the clock through Date: each test of the file starts 5 s into a fresh 30 s step, so
 * codes are computed for known steps whatever the wall clock does, and the code that enabled 2FA in one
 * test is never the current code of another.
 */
export function freshTotpStepPerTest() {
  let now = (Math.floor(Date.now() / 30_000) + 10) * 30_000 + 5_000
  beforeEach(() => {
    now += 10 * 30_000
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(now)
  })
  afterAll(() => {
    vi.useRealTimers()
  })
}

/** The TOTP code of `secret` for the step now (or `stepOffset` steps away) by the server's clock. */
export const codeAt = (secret: string, stepOffset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepOffset * 30_000 })

/** A code that is not the current one. */
export const wrongCodeFor = (secret: string) =>
  String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0')

/**
 * A registered user with two-factor sign-in turned on through the API (the enabling code's step is used,
 * so a sign-in needs the clock moved on a step).
 */
export async function registerWithTwoFactor(t: TestApp) {
  const user = await t.registerUser()
  const setup = await t.request('POST', '/api/auth/2fa/setup', {
    token: user.token,
    body: { password: user.password },
  })
  if (setup.statusCode !== 200) throw new Error(`2FA setup failed: ${setup.body}`)
  const { secret } = setup.json() as { secret: string }
  const enable = await t.request('POST', '/api/auth/2fa/enable', {
    token: user.token,
    body: { code: codeAt(secret) },
  })
  if (enable.statusCode !== 200) throw new Error(`2FA enable failed: ${enable.body}`)
  return { ...user, secret, recoveryCodes: (enable.json() as { recoveryCodes: string[] }).recoveryCodes }
}
