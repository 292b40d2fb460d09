import { hash, verify } from '@node-rs/argon2'

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1), the OWASP recommendation.
export function hashPassword(password: string) {
  return hash(password)
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/** Spends the time of one verification, so an unknown username answers as slowly as a wrong password. */
export async function verifyDummy(password: string) {
  dummyHash ??= hashPassword('not-a-real-password')
  await verifyPassword(await dummyHash, password)
  return false
}
