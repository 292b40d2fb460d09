import { messages } from '@patentdesk/contract/errors'
import { describe, expect, it } from 'vitest'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp()

const raw = (url: string, payload: string, token?: string, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })

describe('bad input answers 400 with a message naming the field, and changes nothing', () => {
  it('malformed JSON', async () => {
    const response = await raw('/api/auth/register', '{"username": "abc",')
    expect(response.statusCode).toBe(400)
    expect(json(response)).toEqual({ error: 'BAD_REQUEST', message: messages.malformedJson })
  })

  it('a body that is not an object', async () => {
    const response = await raw('/api/auth/login', '[1,2]')
    expect(response.statusCode).toBe(400)
    expect(json(response).error).toBe('BAD_REQUEST')
  })

  it('wrong types and missing fields', async () => {
    const response = await raw('/api/auth/login', JSON.stringify({ username: 42 }))
    expect(response.statusCode).toBe(400)
    expect(Object.keys(json(response).fields as object).sort()).toEqual(['password', 'username'])
    expect(json(response).message).toMatch(/^username: .*password: /)
  })

  it('over-long strings', async () => {
    const response = await t.request('POST', '/api/auth/register', {
      body: {
        username: 'long-one',
        email: 'long@example.com',
        fullName: 'x'.repeat(10_000),
        password: 'secret1',
      },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toEqual({ fullName: 'Full name must not exceed 100 characters.' })
  })

  it('an oversized body is 413, not a crash', async () => {
    const response = await raw(
      '/api/auth/login',
      JSON.stringify({ username: 'abc', password: 'x'.repeat(2_000_000) }),
    )
    expect(response.statusCode).toBe(413)
    expect(json(response).error).toBe('PAYLOAD_TOO_LARGE')
  })

  it('an unknown field on an authenticated change leaves the stored profile as it was', async () => {
    const user = await t.registerUser({ fullName: 'Kept Name' })
    const response = await t.request('PUT', '/api/auth/profile', {
      token: user.token,
      body: { email: 'changed@example.com', fullName: 'Changed Name', isAdmin: true },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toEqual({ isAdmin: 'Unknown field.' })
    const profile = await t.request('GET', '/api/auth/profile', { token: user.token })
    expect(profile.json()).toMatchObject({ email: user.email, fullName: 'Kept Name' })
  })

  it('a bad id in the path', async () => {
    const user = await t.registerUser()
    const response = await t.request('PUT', '/api/notifications/abc/read', { token: user.token })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toHaveProperty('id')
  })

  it('checks the session before the body, so anonymous callers learn nothing of the schema', async () => {
    const response = await raw('/api/auth/profile', '{"nonsense": true}', undefined, 'PUT')
    expect(response.statusCode).toBe(401)
    expect(json(response).message).toBe(messages.authRequiredMutation)
  })

  it('an unknown API path is a JSON 404', async () => {
    const response = await t.request('GET', '/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(json(response).error).toBe('NOT_FOUND')
  })
})
