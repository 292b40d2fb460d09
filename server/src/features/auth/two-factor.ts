import { createHash, randomBytes } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'

const issuer = 'PatentDesk'
const period = 30

const totpOf = (secret: string, username: string) =>
  new TOTP({
    issuer,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period,
    secret: Secret.fromBase32(secret),
  })

/** A new 160-bit secret (RFC 4226's recommended length) and the URI authenticator apps read from the QR code. */
export function createTotpSecret(username: string) {
  const secret = new Secret({ size: 20 }).base32
  return { secret, otpauthUri: totpOf(secret, username).toString() }
}

/**
 * The time step (unix seconds / 30) a 6-digit code belongs to, when it is the code of the step now or of the
 * step before or after (clocks drift); undefined otherwise. Whether the step was used already is the caller's
 * to check.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()) {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 })
  if (delta === null) return undefined
  return TOTP.counter({ period, timestamp: now }) + delta
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''))

// Crockford's base32 (no i, l, o, u), so a code copied by hand reads back unambiguously; 256 % 32 === 0, so
// `byte % 32` is uniform.
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz'

/** A recovery code of 80 random bits, as four groups of four: `abcd-efgh-jkmn-pqrs`. */
export function createRecoveryCode() {
  const bytes = randomBytes(16)
  const chars = Array.from(bytes, (b) => alphabet[b % 32]).join('')
  return chars.match(/.{4}/g)?.join('-') ?? chars
}

/** How a typed code is compared: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) =>
  code.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1')

/**
 * Recovery codes carry 80 random bits, so a fast hash is enough: unlike a password there is no dictionary to
 * try, and 2^80 SHA-256 guesses are out of reach. The user id is mixed in so equal codes of two users (or a
 * table of precomputed hashes) match nothing. A slow password hash would only cost the server time on every
 * recovery sign-in, ten times over.
 */
export function hashRecoveryCode(userId: number, code: string) {
  return createHash('sha256')
    .update(`patentdesk-recovery:${userId}:${normalizeRecoveryCode(code)}`)
    .digest('hex')
}
