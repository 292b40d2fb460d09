import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sameToken } from '~/shared/bearer'

/**
 * The proof that a backup is asked for by someone who may read the data folder: the CLI writes a random
 * token into it (readable by its owner alone) and sends it; the server takes it once. A wrong token leaves
 * it in place, so that nobody can spend the CLI's token by sending wrong ones; 256 random bits are not
 * guessed.
 */
const tokenFile = (dataDir: string) => path.join(dataDir, 'backup.token')

/** The CLI's side: a new token, written where only the data folder's owner can read it. */
export function issueBackupToken(dataDir: string) {
  const token = randomBytes(32).toString('base64url')
  fs.rmSync(tokenFile(dataDir), { force: true })
  fs.writeFileSync(tokenFile(dataDir), token, { mode: 0o600, flag: 'wx' })
  return token
}

/** The CLI's side, once its request is answered: the token is no use any more. */
export function withdrawBackupToken(dataDir: string) {
  fs.rmSync(tokenFile(dataDir), { force: true })
}

/** The server's side: whether `sent` is the token the data folder holds, which is then spent. */
export function redeemBackupToken(dataDir: string, sent: string | undefined) {
  if (sent === undefined) return false
  let expected: string
  try {
    expected = fs.readFileSync(tokenFile(dataDir), 'utf8')
  } catch {
    return false
  }
  if (!sameToken(sent, expected)) return false
  withdrawBackupToken(dataDir)
  return true
}
