import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { messages } from '@patentdesk/contract/errors'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/app'
import { createDatabase } from '~/db/client'
import { pdfWithText } from '~/test/files'
import { validApplication } from '~/test/test-app'
import { createTestDatabase, testConfig } from '~/test/test-database'

/**
 * Two servers on one PostgreSQL database, each with its own data folder, reached over real HTTP as a load
 * balancer would spread one user's requests: what one stores, the other serves, and limits count once.
 * Runs in the PostgreSQL project only (vitest.config.ts).
 */
describe('two instances on one PostgreSQL', async () => {
  const database = await createTestDatabase()
  const url = database.url as string

  async function startInstance(name: string) {
    const own = await createDatabase({ driver: 'postgres', url, maxConnections: 4 })
    const config = testConfig({ DATABASE_URL: url })
    const { app, services } = await buildApp({
      config,
      database: own,
      log: pino({ level: 'silent' }),
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    return {
      name,
      services,
      fetch: (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init),
      close: async () => {
        await app.close()
        await own.close()
        await rm(config.dataDir, { recursive: true, force: true })
      },
    }
  }

  const a = await startInstance('A')
  const b = await startInstance('B')
  afterAll(async () => {
    await a.close()
    await b.close()
    await database.close()
  })

  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

  const suffix = randomBytes(4).toString('hex')
  const password = 'secret-pass'
  const registered = await a.fetch(
    '/api/auth/register',
    json({
      username: `inventor_${suffix}`,
      email: `inventor_${suffix}@example.com`,
      fullName: 'Ines Inventor',
      password,
    }),
  )
  const owner = (await registered.json()) as { username: string; token: string }
  const created = await b.fetch('/api/patents', {
    ...json(validApplication),
    headers: { 'content-type': 'application/json', ...bearer(owner.token) },
  })
  const application = (await created.json()) as { id: number }

  it('a user registered through one creates an application through the other', () => {
    expect(registered.status).toBe(201)
    expect(created.status).toBe(201)
  })

  const damperText =
    'A magnetorheological damper stiffens the tripod legs when the wind gusts above a threshold.'
  const drawing = pdfWithText(damperText)

  async function uploadThrough(instance: typeof a, fileName: string, bytes: Buffer) {
    const form = new FormData()
    form.append('documentType', 'drawings')
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName)
    const response = await instance.fetch(`/api/patents/${application.id}/documents`, {
      method: 'POST',
      body: form,
      headers: bearer(owner.token),
    })
    expect(response.status, await response.clone().text()).toBe(201)
    return (await response.json()) as { id: number }
  }

  it('a document uploaded through one downloads byte for byte through the other', async () => {
    const big = Buffer.concat([drawing, randomBytes(3 * 1024 * 1024)])
    const document = await uploadThrough(a, 'drawing.pdf', big)
    const response = await b.fetch(`/api/patents/${application.id}/documents/${document.id}/download`, {
      headers: bearer(owner.token),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(big.length))
    expect(Buffer.from(await response.arrayBuffer()).equals(big)).toBe(true)

    // Deleted through the other: gone for both.
    const removed = await b.fetch(`/api/patents/${application.id}/documents/${document.id}`, {
      method: 'DELETE',
      headers: bearer(owner.token),
    })
    expect(removed.status).toBe(200)
    const after = await a.fetch(`/api/patents/${application.id}/documents/${document.id}/download`, {
      headers: bearer(owner.token),
    })
    expect(after.status).toBe(404)
  })

  it('Generate Analysis on one reads a document uploaded through the other', async () => {
    const adminPassword = 'admin-secret'
    const admin = await a.services.auth.createUser({
      username: `admin_${suffix}`,
      email: `admin_${suffix}@example.com`,
      fullName: 'Ada Admin',
      password: adminPassword,
      isAdmin: true,
    })
    const login = await a.fetch(
      '/api/auth/login',
      json({ username: admin.username, password: adminPassword }),
    )
    const { token } = (await login.json()) as { token: string }
    const generate = async () => {
      const response = await b.fetch(`/api/admin/patents/${application.id}/analysis`, {
        method: 'POST',
        headers: bearer(token),
      })
      expect(response.status).toBe(201)
      return ((await response.json()) as { result: AnalysisResult }).result
    }
    const wordsRead = (result: AnalysisResult) =>
      Number(/in (\d+) words/.exec(result.analysis.technicalComplexity)?.[1])
    const without = await generate()
    await uploadThrough(a, 'damper.pdf', drawing)
    const withDocument = await generate()
    // No note that the document was skipped (missing or unreadable), and its words reached the analysis.
    expect(withDocument.notes.filter((note) => note.includes('damper.pdf'))).toEqual([])
    expect(wordsRead(withDocument) - wordsRead(without)).toBe(damperText.split(' ').length)
  })

  it('failed logins spread over both instances hit the limit at the same count as on one', async () => {
    const wrong = json({ username: owner.username, password: 'not-the-password' })
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await (attempt % 2 ? a : b).fetch('/api/auth/login', wrong)
      expect(response.status, `attempt ${attempt}`).toBe(401)
    }
    for (const instance of [a, b]) {
      const refused = await instance.fetch('/api/auth/login', wrong)
      expect(refused.status, instance.name).toBe(429)
      expect(((await refused.json()) as { message: string }).message).toBe(
        messages.tooManyLogins.replace('{minutes}', '15'),
      )
    }
  })

  it('a session signed out through one is refused by the other at once', async () => {
    const mine = { headers: bearer(owner.token) }
    expect((await a.fetch('/api/patents', mine)).status).toBe(200)
    expect((await b.fetch('/api/auth/logout', { method: 'POST', ...mine })).status).toBe(200)
    expect((await a.fetch('/api/patents', mine)).status).toBe(401)
  })
})
