import { describe, expect, it } from 'vitest'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp({
  env: { EPO_OPS_API: 'consumer-key:secret', WIPO_API: 'wipo-key', BL_API: '  ' },
})

describe('API key status', () => {
  it('says which keys are set, counts them, and never sends a value', async () => {
    const response = await t.request('GET', '/api/public/config/api-keys')
    expect(response.json()).toEqual({
      success: true,
      data: {
        apiKeys: {
          UK_IPO_API: false,
          BL_API: false,
          CIPA_API: false,
          UK_CASE_LAW_API: false,
          EPO_OPS_API: true,
          WIPO_API: true,
        },
      },
      configuredApiCount: 2,
      totalApiCount: 6,
    })
    expect(response.body).not.toContain('consumer-key')
  })

  it('describes each data source, and 404s an unknown one', async () => {
    const epo = await t.request('GET', '/api/public/config/data-source/epo')
    expect(epo.json()).toMatchObject({
      success: true,
      data: { id: 'epo', name: 'EPO Open Patent Services', keyRequired: true, keyConfigured: true },
    })
    expect(epo.body).not.toContain('secret')
    for (const source of ['ukipo', 'bl', 'cipa', 'ukcaselaw', 'wipo']) {
      expect((await t.request('GET', `/api/public/config/data-source/${source}`)).statusCode).toBe(200)
    }
    const unknown = await t.request('GET', '/api/public/config/data-source/nasa')
    expect(unknown.statusCode).toBe(404)
    expect(json(unknown).message).toBe("Unknown data source 'nasa'.")
  })
})

describe('database status', () => {
  it('answers live row counts and the real driver to signed-in users only', async () => {
    const user = await t.registerUser()
    await t.createApplication(user.token)
    expect((await t.request('GET', '/api/settings/database')).statusCode).toBe(401)
    const status = (await t.request('GET', '/api/settings/database', { token: user.token })).json() as {
      driver: string
      ok: boolean
      tables: Array<{ name: string; rows: number }>
    }
    expect(status.driver).toBe(process.env.TEST_DRIVER === 'postgres' ? 'postgres' : 'pglite')
    expect(status.ok).toBe(true)
    const rows = Object.fromEntries(status.tables.map((table) => [table.name, table.rows]))
    expect(rows).toMatchObject({ users: 1, patent_applications: 1, notifications: 1, patents: 0 })
    await t.registerUser()
    const after = (
      await t.request('GET', '/api/settings/database', { token: user.token })
    ).json() as typeof status
    expect(after.tables.find((table) => table.name === 'users')?.rows).toBe(2)
  })
})

describe('sessions', () => {
  it('lists the live sessions with the current one flagged; logout-all revokes every one', async () => {
    const user = await t.registerUser()
    const second = json(
      await t.request('POST', '/api/auth/login', {
        body: { username: user.username, password: user.password },
        headers: { 'user-agent': 'Second browser' },
      }),
    )
    const list = (await t.request('GET', '/api/auth/sessions', { token: user.token })).json() as Array<{
      current: boolean
      userAgent: string | null
    }>
    expect(list).toHaveLength(2)
    expect(list.filter((s) => s.current)).toHaveLength(1)
    expect(list.map((s) => s.userAgent)).toContain('Second browser')
    const out = await t.request('POST', '/api/auth/logout-all', { token: user.token })
    expect(out.json()).toEqual({ ok: true, revokedSessions: 2 })
    expect((await t.request('GET', '/api/auth/profile', { token: user.token })).statusCode).toBe(401)
    expect((await t.request('GET', '/api/auth/profile', { token: String(second.token) })).statusCode).toBe(
      401,
    )
  })
})
