import { rm } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/app'
import { createLogger, redactUrl } from '~/logger'
import { createTestDatabase, testConfig } from '~/test/test-database'

/** The real app, logging at info into `lines` through the server's own logger. */
const lines: string[] = []
const destination = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean))
    done()
  },
})
const database = await createTestDatabase()
const config = testConfig()
const { app } = await buildApp({
  config,
  database,
  log: createLogger('info', { destination }),
})
await app.ready()
afterAll(async () => {
  await app.close()
  await database.close()
  await rm(config.dataDir, { recursive: true, force: true })
})

describe('the request log', () => {
  it('never holds a reset token, a bearer token or a cookie', async () => {
    lines.length = 0
    const secrets = ['reset-secret-1', 'reset-secret-2', 'reset-secret-3', 'bearer-secret', 'cookie-secret']
    await app.inject({
      method: 'GET',
      url: '/reset-password?token=reset-secret-1&next=%2Fdashboard',
      headers: { authorization: 'Bearer bearer-secret', cookie: 'session=cookie-secret' },
    })
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password?TOKEN=reset-secret-2&%74oken=reset-secret-3',
      payload: { token: 'x', newPassword: 'long-enough' },
    })
    app.log.info({ req: { headers: { authorization: 'Bearer bearer-secret' } } }, 'headers logged by hand')
    app.log.info({ headers: { cookie: 'session=cookie-secret' } }, 'headers logged by hand')

    const log = lines.join('\n')
    expect(log).toContain('"url":"/reset-password?token=[redacted]&next=%2Fdashboard"')
    expect(log).toContain('"url":"/api/auth/reset-password?TOKEN=[redacted]&%74oken=[redacted]"')
    for (const secret of secrets) expect(log).not.toContain(secret)
    expect(lines.filter((line) => line.includes('incoming request'))).toHaveLength(2)
  })
})

describe('redactUrl', () => {
  it('replaces only parameters named token, in any case', () => {
    expect(redactUrl('/a?tokens=1&mytoken=2&Token=3&token')).toBe(
      '/a?tokens=1&mytoken=2&Token=[redacted]&token=[redacted]',
    )
    expect(redactUrl('/a/token/b')).toBe('/a/token/b')
    expect(redactUrl('/a?%zz=1&token=%E0')).toBe('/a?%zz=1&token=[redacted]')
  })
})
