import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      admin: { username: 'admin', password: undefined, email: 'admin@patentdesk.local' },
      logLevel: 'info',
      trustProxy: 0,
      storage: 'files',
      analysis: { timeoutSeconds: 10, perMinute: 20 },
    })
  })

  it('reads the analysis deadline, and ANALYSIS_PER_MINUTE 0 as no limit', () => {
    expect(loadConfig({ ANALYSIS_TIMEOUT_SECONDS: '30', ANALYSIS_PER_MINUTE: '0' }).analysis).toEqual({
      timeoutSeconds: 30,
      perMinute: 0,
    })
  })

  it('reads the shutdown grace period and the metrics token, refusing a short token', () => {
    expect(loadConfig({})).toMatchObject({ shutdownGraceSeconds: 10, metricsToken: undefined })
    const token = 'a'.repeat(16)
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0', METRICS_TOKEN: token })).toMatchObject({
      shutdownGraceSeconds: 0,
      metricsToken: token,
    })
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be 16 to 200 characters without spaces/,
    )
  })

  it('reads TRUST_PROXY as the number of proxies in front', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0)
  })

  it('keeps documents in the database by default when it is a shared PostgreSQL, and as told otherwise', () => {
    const postgres = { DATABASE_URL: 'postgres://u@db/x' }
    expect(loadConfig(postgres).storage).toBe('database')
    expect(loadConfig({ ...postgres, STORAGE: 'files' }).storage).toBe('files')
    expect(loadConfig({ STORAGE: 'database' }).storage).toBe('database')
  })

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/pd',
      DATABASE_URL: 'postgres://u@db/x',
      ADMIN_USERNAME: 'root-admin',
      ADMIN_PASSWORD: 'long-enough',
      ADMIN_EMAIL: 'ops@example.com',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    })
    expect(config).toMatchObject({
      trustProxy: 1,
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/pd',
      databaseUrl: 'postgres://u@db/x',
      admin: { username: 'root-admin', password: 'long-enough', email: 'ops@example.com' },
      logLevel: 'warn',
    })
  })

  it('loads the corpus from CORPUS_DIR when it holds one, else the shipped corpus', () => {
    expect(loadConfig({}).corpusDir).toBeUndefined()
    const shipped = fileURLToPath(new URL('../corpus', import.meta.url))
    expect(loadConfig({ CORPUS_DIR: shipped }).corpusDir).toBe(shipped)
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: '' })).toMatchObject({
      databaseUrl: undefined,
      admin: { password: undefined },
    })
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a number'],
    [{ PORT: '70000' }, 'PORT: must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD: must be at least 6 characters'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL: must be a valid email address'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL:'],
    [{ EPO_OPS_API: 'no-secret' }, 'EPO_OPS_API: must be "consumer key:consumer secret"'],
    [{ CORPUS: 'some' }, 'CORPUS: must be auto or none'],
    [
      { CORPUS_DIR: '/nowhere' },
      'CORPUS_DIR: must be a folder holding patents.jsonl.gz and classification-titles.tsv.gz',
    ],
    [{ STORAGE: 's3' }, 'STORAGE: must be database or files'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY: must be true, false or the number of proxies in front (0 to 9)'],
    [{ ANALYSIS_TIMEOUT_SECONDS: '0' }, 'ANALYSIS_TIMEOUT_SECONDS: must be between 1 and 600'],
    [{ ANALYSIS_PER_MINUTE: 'many' }, 'ANALYSIS_PER_MINUTE: must be a whole number'],
    [{ ANALYSIS_PER_MINUTE: '-1' }, 'ANALYSIS_PER_MINUTE: must be between 0 and 100000'],
  ])('names the bad setting %o', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(expected)
  })
})

describe('the README', () => {
  it('lists every environment variable the server reads in its Settings table', async () => {
    const { apiKeyNames } = await import('@patentdesk/contract/settings')
    const { ConfigSchema } = await import('./config')
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    const settings = readme.slice(readme.indexOf('## Settings'), readme.indexOf('## Command line'))
    const listed = new Set([...settings.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]))
    const missing = [...Object.keys(ConfigSchema.shape), ...apiKeyNames].filter((name) => !listed.has(name))
    expect(missing).toEqual([])
  })
})
