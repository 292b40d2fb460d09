import { buffer } from 'node:stream/consumers'
import { documentMessages, readingMessages } from '@patentdesk/contract/documents'
import { limits } from '@patentdesk/contract/limits'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { pendingUploads } from '~/db/schema'
import { BlobMissingError } from '~/providers/storage/blob-storage'
import { multipartBody, samplePdf, samplePng } from '~/test/files'
import { corruptPdf } from '~/test/hostile-files'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp()
const admin = await t.loginAdmin()
const dayMs = limits.documents.pendingHours * 3_600_000

function uploadPending(token: string | undefined, file = { name: 'figure.png', bytes: samplePng }) {
  const { payload, headers } = multipartBody(file)
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
}

async function pendingId(token: string, file?: Parameters<typeof uploadPending>[1]) {
  const response = await uploadPending(token, file)
  expect(response.statusCode).toBe(201)
  return (response.json() as { id: string }).id
}

const attach = (
  token: string,
  applicationId: number,
  uploads: { uploadId: string; documentType: string }[],
) => t.request('POST', `/api/patents/${applicationId}/documents/attach`, { token, body: { uploads } })

const pendingRows = (userId: number) =>
  t.database.db.select().from(pendingUploads).where(eq(pendingUploads.userId, userId))

async function bytesAt(storageKey: string) {
  try {
    return await buffer(await t.services.storage.get(storageKey))
  } catch (error) {
    if (error instanceof BlobMissingError) return null
    throw error
  }
}

describe('uploading as files are chosen', () => {
  it('checks the file, stores it for its owner, and says when it expires', async () => {
    const user = await t.registerUser()
    const before = Date.now()
    const response = await uploadPending(user.token, { name: 'Spec.pdf', bytes: samplePdf })
    expect(response.statusCode).toBe(201)
    const body = json(response)
    expect(body).toMatchObject({
      fileName: 'Spec.pdf',
      fileType: 'application/pdf',
      sizeBytes: samplePdf.length,
    })
    const expiresIn = Date.parse(body.expiresAt as string) - before
    expect(expiresIn).toBeGreaterThanOrEqual(dayMs - 1000)
    expect(expiresIn).toBeLessThanOrEqual(dayMs + 60_000)
    const [row] = await pendingRows(user.id)
    expect(row?.id).toBe(body.id)
    expect(await bytesAt(row?.storageKey as string)).toEqual(samplePdf)
  })

  it.each([
    ['a PNG named .pdf', { name: 'claims.pdf', bytes: samplePng }, 415, documentMessages.contentMismatch],
    [
      'a type not accepted',
      { name: 'notes.txt', bytes: Buffer.from('hello') },
      415,
      documentMessages.wrongType,
    ],
    ['an empty file', { name: 'empty.png', bytes: Buffer.alloc(0) }, 400, documentMessages.empty],
    ['a corrupt PDF', { name: 'broken.pdf', bytes: corruptPdf() }, 422, readingMessages.unreadable],
  ])('refuses %s with the reason at once, storing nothing', async (_, file, status, message) => {
    const user = await t.registerUser()
    const response = await uploadPending(user.token, file)
    expect(response.statusCode).toBe(status)
    expect(json(response).message).toBe(message)
    expect(await pendingRows(user.id)).toEqual([])
  })

  it('needs a session', async () => {
    expect((await uploadPending(undefined)).statusCode).toBe(401)
  })

  it(`holds at most ${limits.documents.maxPending} files per user, whatever their applications hold`, async () => {
    const user = await t.registerUser()
    const application = await t.createApplication(user.token)
    const full = await Promise.all(
      Array.from({ length: limits.documents.maxFiles }, () => pendingId(user.token)),
    )
    expect(
      (
        await attach(
          user.token,
          application.id,
          full.map((uploadId) => ({ uploadId, documentType: 'drawings' })),
        )
      ).statusCode,
    ).toBe(201)
    // A full application does not stop new uploads, and parallel ones cannot pass the limit together.
    for (let i = 0; i < limits.documents.maxPending - 2; i++) await pendingId(user.token)
    const answers = await Promise.all(Array.from({ length: 5 }, () => uploadPending(user.token)))
    const statuses = answers.map((answer) => answer.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(2)
    expect(statuses.filter((status) => status === 409)).toHaveLength(3)
    expect(json(answers.find((answer) => answer.statusCode === 409) as never).message).toBe(
      documentMessages.tooManyPending,
    )
    expect(await pendingRows(user.id)).toHaveLength(limits.documents.maxPending)
  })
})

describe('attaching on Save', () => {
  it('moves the files into the application with their types, bytes unchanged', async () => {
    const user = await t.registerUser()
    const application = await t.createApplication(user.token)
    const pdf = await pendingId(user.token, { name: 'Spec.pdf', bytes: samplePdf })
    const png = await pendingId(user.token)
    const response = await attach(user.token, application.id, [
      { uploadId: pdf, documentType: 'specification' },
      { uploadId: png, documentType: 'drawings' },
    ])
    expect(response.statusCode).toBe(201)
    const attached = response.json() as { id: number; fileName: string; documentType: string }[]
    expect(attached.map((d) => [d.fileName, d.documentType])).toEqual([
      ['Spec.pdf', 'specification'],
      ['figure.png', 'drawings'],
    ])
    expect(await pendingRows(user.id)).toEqual([])
    const download = await t.request(
      'GET',
      `/api/patents/${application.id}/documents/${attached[0]?.id}/download`,
      {
        token: user.token,
      },
    )
    expect(download.rawPayload).toEqual(samplePdf)
    // Attached once: the same upload cannot be attached again.
    expect(
      (await attach(user.token, application.id, [{ uploadId: pdf, documentType: 'other' }])).statusCode,
    ).toBe(404)
  })

  it('attaches all or none: one upload gone keeps the others pending', async () => {
    const user = await t.registerUser()
    const application = await t.createApplication(user.token)
    const kept = await pendingId(user.token)
    const response = await attach(user.token, application.id, [
      { uploadId: kept, documentType: 'supporting' },
      { uploadId: crypto.randomUUID(), documentType: 'supporting' },
    ])
    expect(response.statusCode).toBe(404)
    expect(json(response).message).toBe(documentMessages.uploadGone)
    expect((await pendingRows(user.id)).map((row) => row.id)).toEqual([kept])
    expect(
      await t.request('GET', `/api/patents/${application.id}/documents`, { token: user.token }),
    ).toMatchObject({
      statusCode: 200,
    })
  })

  it("refuses another user's upload, an application past drafting, and more documents than allowed", async () => {
    const owner = await t.registerUser()
    const other = await t.registerUser()
    const application = await t.createApplication(owner.token)
    const theirs = await pendingId(other.token)
    expect(
      (await attach(owner.token, application.id, [{ uploadId: theirs, documentType: 'other' }])).statusCode,
    ).toBe(404)
    expect(await pendingRows(other.id)).toHaveLength(1)

    const mine = await Promise.all(
      Array.from({ length: limits.documents.maxFiles }, () => pendingId(owner.token)),
    )
    const tooMany = await attach(owner.token, application.id, [
      ...mine.map((uploadId) => ({ uploadId, documentType: 'other' })),
      { uploadId: await pendingId(owner.token), documentType: 'other' },
    ])
    expect(tooMany.statusCode).toBe(400)
    await attach(owner.token, application.id, [{ uploadId: mine[0] as string, documentType: 'other' }])
    const overLimit = await attach(
      owner.token,
      application.id,
      mine.slice(1).map((uploadId) => ({ uploadId, documentType: 'other' })),
    )
    expect(overLimit.statusCode).toBe(201)
    const oneMore = await attach(owner.token, application.id, [
      { uploadId: await pendingId(owner.token), documentType: 'other' },
    ])
    expect(oneMore.statusCode).toBe(409)
    expect(json(oneMore).message).toBe(documentMessages.tooMany)

    const submitted = await t.createApplication(owner.token)
    await t.request('POST', `/api/patents/${submitted.id}/submit`, { token: owner.token })
    const late = await attach(owner.token, submitted.id, [
      { uploadId: await pendingId(owner.token), documentType: 'other' },
    ])
    expect(late.statusCode).toBe(409)
    expect(
      (await attach(admin.token, application.id, [{ uploadId: theirs, documentType: 'other' }])).statusCode,
    ).toBe(403)
  })

  it('attaches an upload once when two saves race for it', async () => {
    const user = await t.registerUser()
    const [first, second] = [await t.createApplication(user.token), await t.createApplication(user.token)]
    const uploadId = await pendingId(user.token)
    const answers = await Promise.all(
      [first, second].map((application) =>
        attach(user.token, application.id, [{ uploadId, documentType: 'other' }]),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 404])
  })
})

describe('removing', () => {
  it('removes an upload and its bytes; only its owner can', async () => {
    const user = await t.registerUser()
    const other = await t.registerUser()
    const uploadId = await pendingId(user.token)
    const [row] = await pendingRows(user.id)
    expect((await t.request('DELETE', `/api/uploads/${uploadId}`, { token: other.token })).statusCode).toBe(
      404,
    )
    expect((await t.request('DELETE', `/api/uploads/${uploadId}`, { token: user.token })).statusCode).toBe(
      200,
    )
    expect(await pendingRows(user.id)).toEqual([])
    expect(await bytesAt(row?.storageKey as string)).toBeNull()
    expect((await t.request('DELETE', `/api/uploads/${uploadId}`, { token: user.token })).statusCode).toBe(
      404,
    )
    expect((await t.request('DELETE', '/api/uploads/not-a-uuid', { token: user.token })).statusCode).toBe(400)
  })

  it('sweeps uploads a day old, bytes and all, and keeps younger ones', async () => {
    const user = await t.registerUser()
    const application = await t.createApplication(user.token)
    const uploadId = await pendingId(user.token)
    const [row] = await pendingRows(user.id)
    await t.services.pendingUploads.sweep(new Date(Date.now() + dayMs - 60_000))
    expect(await pendingRows(user.id)).toHaveLength(1)
    expect(
      await t.services.pendingUploads.sweep(new Date(Date.now() + dayMs + 60_000)),
    ).toBeGreaterThanOrEqual(1)
    expect(await pendingRows(user.id)).toEqual([])
    expect(await bytesAt(row?.storageKey as string)).toBeNull()
    const late = await attach(user.token, application.id, [{ uploadId, documentType: 'other' }])
    expect(late.statusCode).toBe(404)
    expect(json(late).message).toBe(documentMessages.uploadGone)
  })
})
