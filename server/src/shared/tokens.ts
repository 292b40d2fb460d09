import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits; the client holds the token, the database only its hash. */
export function createToken() {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

/** A readable random password for a bootstrapped administrator. */
export function createPassword() {
  return randomBytes(18).toString('base64url')
}
