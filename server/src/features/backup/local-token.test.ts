import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { issueBackupToken, redeemBackupToken, withdrawBackupToken } from './local-token'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-token-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('the backup token', () => {
  it('is taken once, only when right, and wrong ones do not spend it', () => {
    expect(redeemBackupToken(dataDir, 'anything')).toBe(false)
    const token = issueBackupToken(dataDir)
    expect(token).toMatch(/^[\w-]{43}$/)
    expect(fs.statSync(path.join(dataDir, 'backup.token')).mode & 0o777).toBe(0o600)
    expect(redeemBackupToken(dataDir, undefined)).toBe(false)
    expect(redeemBackupToken(dataDir, `${token}x`)).toBe(false)
    expect(redeemBackupToken(dataDir, token)).toBe(true)
    expect(redeemBackupToken(dataDir, token)).toBe(false)
    // A new one replaces the old; withdrawn, none is left.
    const next = issueBackupToken(dataDir)
    withdrawBackupToken(dataDir)
    expect(redeemBackupToken(dataDir, next)).toBe(false)
  })
})
