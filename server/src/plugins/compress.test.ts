import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { multipartBody, pdfWithText } from '~/test/files'
import { buildTestApp, validApplication } from '~/test/test-app'

const t = await buildTestApp()
const user = await t.registerUser()
// A description long enough that the application's JSON passes the 1 KB threshold.
const application = await t.createApplication(user.token, {
  description: `${validApplication.description} `.repeat(6).trim(),
})

const get = (url: string, encoding: string) =>
  t.request('GET', url, { token: user.token, headers: { 'accept-encoding': encoding } })

describe('compression', () => {
  it('answers JSON over 1 KB in brotli or gzip, as asked, decoding to the same answer', async () => {
    const url = `/api/patents/${application.id}`
    const plain = await get(url, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(1024)

    const br = await get(url, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length)
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)

    const gzip = await get(url, 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  })

  it('leaves answers under 1 KB as they are', async () => {
    const health = await get('/api/health', 'br')
    expect(health.statusCode).toBe(200)
    expect(health.headers['content-encoding']).toBeUndefined()
  })

  it('streams downloads of PDF as they are, with their length', async () => {
    const pdf = pdfWithText('A drawing of the tripod head. '.repeat(60))
    const form = multipartBody({ name: 'drawing.pdf', bytes: pdf })
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/patents/${application.id}/documents`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${user.token}` },
    })
    expect(upload.statusCode).toBe(201)
    const { id } = upload.json() as { id: number }

    const download = await get(`/api/patents/${application.id}/documents/${id}/download`, 'br, gzip')
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-encoding']).toBeUndefined()
    expect(download.headers['content-length']).toBe(String(pdf.length))
    expect(download.rawPayload.equals(pdf)).toBe(true)

    const exported = await get(`/api/patents/${application.id}/export.pdf`, 'br, gzip')
    expect(exported.statusCode).toBe(200)
    expect(exported.headers['content-encoding']).toBeUndefined()
    expect(exported.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  })
})
