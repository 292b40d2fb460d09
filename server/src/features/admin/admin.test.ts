import { messages } from '@patentdesk/contract/errors'
import { describe, expect, it } from 'vitest'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp()

describe('admin endpoints', () => {
  it('answer 401 without a token and 403 to an applicant', async () => {
    expect(json(await t.request('GET', '/api/admin/users')).message).toBe(messages.authRequiredQuery)
    const user = await t.registerUser()
    const forbidden = await t.request('GET', '/api/admin/users', { token: user.token })
    expect(forbidden.statusCode).toBe(403)
    expect(json(forbidden).message).toBe(messages.adminOnly)
  })

  it('list every user for an administrator, without secrets', async () => {
    const user = await t.registerUser({ fullName: 'Listed Person' })
    const admin = await t.loginAdmin()
    const response = await t.request('GET', '/api/admin/users', { token: admin.token })
    expect(response.statusCode).toBe(200)
    const list = response.json() as Array<Record<string, unknown>>
    const row = list.find((u) => u.id === user.id)
    expect(row).toMatchObject({
      username: user.username,
      fullName: 'Listed Person',
      isAdmin: false,
      organization: null,
    })
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ['createdAt', 'email', 'fullName', 'id', 'isAdmin', 'organization', 'username'].sort(),
    )
    expect(list.find((u) => u.id === admin.id)?.isAdmin).toBe(true)
  })
})
