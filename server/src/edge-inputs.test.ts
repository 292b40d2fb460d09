import { analysisLimits, analysisMessages } from '@patentdesk/contract/analysis'
import { messages } from '@patentdesk/contract/errors'
import { limits } from '@patentdesk/contract/limits'
import { patentMessages } from '@patentdesk/contract/patents'
import { describe, expect, it } from 'vitest'
import { multipartBody, samplePdf } from '~/test/files'
import { buildTestApp, json, validApplication } from '~/test/test-app'

/** Inputs that once reached the database or a parser unchecked and came back as 500s. */
const t = await buildTestApp()
const user = await t.registerUser()
const application = await t.createApplication(user.token)

const nulRefused = (field: string) => ({
  error: 'BAD_REQUEST',
  message: `${field}: ${messages.nulCharacter}`,
  fields: { [field]: messages.nulCharacter },
})

const post = (url: string, form: ReturnType<typeof multipartBody>, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })

describe('ids beyond PostgreSQL integer', () => {
  it.each([
    ['GET', '/api/patents/2147483648'],
    ['GET', '/api/patents/9223372036854775808/documents'],
    ['PUT', '/api/notifications/2147483648/read'],
    ['GET', `/api/patents/${application.id}/documents/2147483648/download`],
    ['PUT', '/api/patents/2147483648/filing/deadlines/filing'],
  ] as const)('%s %s is a 400 naming the id', async (method, url) => {
    const response = await t.request(method, url, { token: user.token, body: { done: true } })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(json(response).fields as object)).toEqual([
      url.includes('/documents/') ? 'documentId' : 'id',
    ])
  })

  it('the largest integer id is an ordinary 404', async () => {
    const response = await t.request('GET', '/api/patents/2147483647', { token: user.token })
    expect(response.statusCode).toBe(404)
  })
})

describe('the NUL character', () => {
  it('in a title is refused naming title, and the application keeps its title', async () => {
    const response = await t.request('PUT', `/api/patents/${application.id}`, {
      token: user.token,
      body: { ...validApplication, status: undefined, title: 'Tripod\u0000 head', version: 1 },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toEqual(nulRefused('title'))
    const stored = await t.request('GET', `/api/patents/${application.id}`, { token: user.token })
    expect(json(stored).title).toBe(validApplication.title)
  })

  it('deep in a body names the path', async () => {
    const response = await t.request('POST', '/api/patents', {
      token: user.token,
      body: { ...validApplication, claims: [validApplication.claims[0], 'A clutch\u0000 of claim 1.'] },
    })
    expect(json(response)).toEqual(nulRefused('claims.1'))
  })

  it('in a search query is refused naming q', async () => {
    const response = await t.request('GET', '/api/public/serpapi/patents?q=tripod%00head')
    expect(response.statusCode).toBe(400)
    expect(json(response)).toEqual(nulRefused('q'))
  })

  it('in a multipart field and in an uploaded file name', async () => {
    const analysis = multipartBody(
      { name: 'a.pdf', bytes: samplePdf, field: 'document' },
      { title: 'Tripod', description: 'A head\u0000 that levels itself.' },
    )
    const refused = await post('/api/public/patents/comprehensive-analysis', analysis)
    expect(refused.statusCode).toBe(400)
    expect(json(refused)).toEqual(nulRefused('description'))

    const upload = multipartBody({ name: 'drawing\u0000.pdf', bytes: samplePdf })
    const url = `/api/patents/${application.id}/documents`
    const response = await post(url, upload, user.token)
    expect(response.statusCode).toBe(400)
    expect(json(response)).toEqual(nulRefused('file'))
    expect((await t.request('GET', url, { token: user.token })).json()).toEqual([])
  })
})

describe('impossible dates', () => {
  it.each(['from=2024-02-30', 'to=2024-13-01', 'from=0000-01-01', 'to=2026-02-31', 'from=02/03/2026'])(
    '%s is a 400 with the contract message',
    async (filter) => {
      const response = await t.request('GET', `/api/public/serpapi/patents?q=tripod&${filter}`)
      expect(response.statusCode).toBe(400)
      const field = filter.split('=')[0] as string
      expect(json(response)).toEqual({
        error: 'BAD_REQUEST',
        message: `${field}: ${messages.realDate}`,
        fields: { [field]: messages.realDate },
      })
    },
  )

  it('a range that ends before it starts is a 400 at its end', async () => {
    const response = await t.request(
      'GET',
      '/api/public/serpapi/patents?q=tripod&from=2026-03-02&to=2026-03-01',
    )
    expect(response.statusCode).toBe(400)
    expect(json(response)).toEqual({
      error: 'BAD_REQUEST',
      message: `to: ${patentMessages.reversedDates}`,
      fields: { to: patentMessages.reversedDates },
    })
  })

  it('a real leap day is a date like any other', async () => {
    const response = await t.request('GET', '/api/public/serpapi/patents?q=tripod&from=2024-02-29')
    expect(response.statusCode).toBe(200)
  })
})

describe('broken and oversized bodies', () => {
  const analysisForm = (description: string) =>
    multipartBody({ name: 'a.pdf', bytes: samplePdf, field: 'document' }, { title: 'Tripod', description })

  it('a multipart body cut off before its closing boundary is a 400', async () => {
    const analysis = analysisForm('A head that levels itself.')
    const cut = { ...analysis, payload: analysis.payload.subarray(0, analysis.payload.length - 20) }
    const response = await post('/api/public/patents/comprehensive-analysis', cut)
    expect(response.statusCode).toBe(400)
    expect(json(response).message).toBe(messages.malformedMultipart)

    const upload = multipartBody({ name: 'a.pdf', bytes: samplePdf })
    const cutUpload = { ...upload, payload: upload.payload.subarray(0, upload.payload.length - 20) }
    const url = `/api/patents/${application.id}/documents`
    expect((await post(url, cutUpload, user.token)).statusCode).toBe(400)
    expect((await t.request('GET', url, { token: user.token })).json()).toEqual([])
  })

  it('a multipart body without a boundary is a 400', async () => {
    const form = analysisForm('A head that levels itself.')
    const response = await post('/api/public/patents/comprehensive-analysis', {
      ...form,
      headers: { 'content-type': 'multipart/form-data' },
    })
    expect(response.statusCode).toBe(400)
  })

  it('an analysis description of the longest allowed length is read whole, one longer is refused', async () => {
    // Multi-byte characters, so the text is well over the default field size in bytes.
    const longest = `${'é'.repeat(analysisLimits.description.max - 1)}.`
    const accepted = await post('/api/public/patents/comprehensive-analysis', analysisForm(longest))
    expect(accepted.statusCode, accepted.body).toBe(200)

    const tooLong = await post('/api/public/patents/comprehensive-analysis', analysisForm(`${longest}x`))
    expect(tooLong.statusCode).toBe(400)
    expect(json(tooLong).fields).toEqual({ description: analysisMessages.descriptionMax })
  })

  it('a multipart field beyond any valid length is a 413 stating the limit', async () => {
    const response = await post(
      '/api/public/patents/comprehensive-analysis',
      analysisForm('x'.repeat(4 * analysisLimits.description.max)),
    )
    expect(response.statusCode).toBe(413)
    expect(json(response).message).toBe(
      messages.fieldTooLarge
        .replace('{field}', 'description')
        .replace('{bytes}', String(3 * analysisLimits.description.max)),
    )
  })

  it('an oversized JSON body is a 413 stating the limit', async () => {
    const response = await t.request('POST', '/api/patents', {
      token: user.token,
      body: { ...validApplication, description: 'x'.repeat(limits.jsonBodyBytes) },
    })
    expect(response.statusCode).toBe(413)
    expect(json(response)).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: messages.bodyTooLarge })
    expect(messages.bodyTooLarge).toContain('at most 1048576 bytes')
  })
})

describe('caching of API answers', () => {
  it.each([
    ['a personal answer', 'GET', '/api/patents', true, 200],
    ['a refusal', 'GET', '/api/patents', false, 401],
    ['an error answer', 'GET', '/api/patents/2147483648', true, 400],
    ['an unknown API path, still JSON', 'GET', '/api/no-such-thing', false, 404],
    ['a public answer', 'GET', '/api/health', false, 200],
  ] as const)('%s is no-store', async (_, method, url, signedIn, status) => {
    const response = await t.request(method, url, signedIn ? { token: user.token } : {})
    expect(response.statusCode).toBe(status)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['content-type']).toContain('application/json')
  })
})
