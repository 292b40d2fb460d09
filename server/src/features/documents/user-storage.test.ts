import zlib from 'node:zlib'
import { documentMessages } from '@patentdesk/contract/documents'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { patentDocuments, pendingUploads } from '~/db/schema'
import { multipartBody, samplePng } from '~/test/files'
import { buildTestApp, json } from '~/test/test-app'

// USER_STORAGE_MB at its smallest, so a few files of a few hundred KB reach it.
const t = await buildTestApp({ env: { USER_STORAGE_MB: '1' } })
const full = documentMessages.storageFull(1)
const kb = 1024

/** A valid PNG of `size` bytes: the 1 × 1 sample with a text chunk of padding after its header. */
function pngOfSize(size: number) {
  const header = samplePng.subarray(0, 33) // signature and IHDR
  const text = Buffer.concat([
    Buffer.from('tEXt'),
    Buffer.from('Comment\0'),
    Buffer.alloc(size - samplePng.length - 20, 0x61),
  ])
  const chunk = Buffer.alloc(text.length + 8)
  chunk.writeUInt32BE(text.length - 4, 0)
  text.copy(chunk, 4)
  chunk.writeUInt32BE(zlib.crc32(text), text.length + 4)
  return Buffer.concat([header, chunk, samplePng.subarray(33)])
}

function send(url: string, token: string, bytes: Buffer) {
  const { payload, headers } = multipartBody({ name: 'figure.png', bytes })
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  })
}
const uploadPending = (token: string, bytes: Buffer) => send('/api/uploads', token, bytes)
const uploadTo = (applicationId: number, token: string, bytes: Buffer) =>
  send(`/api/patents/${applicationId}/documents`, token, bytes)

async function storedRows(userId: number) {
  const attached = await t.database.db
    .select()
    .from(patentDocuments)
    .where(eq(patentDocuments.uploadedBy, userId))
  const pending = await t.database.db.select().from(pendingUploads).where(eq(pendingUploads.userId, userId))
  return { attached: attached.length, pending: pending.length }
}

function expectFull(response: Awaited<ReturnType<typeof uploadPending>>) {
  expect(response.statusCode, response.body).toBe(413)
  expect(json(response)).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: full, fields: { file: full } })
}

describe("a user's stored documents, at most USER_STORAGE_MB in all", () => {
  it('counts pending uploads, and refuses the one past the limit, storing nothing', async () => {
    const user = await t.registerUser()
    const file = pngOfSize(400 * kb)
    expect(file.length).toBe(400 * kb)
    expect((await uploadPending(user.token, file)).statusCode).toBe(201)
    expect((await uploadPending(user.token, file)).statusCode).toBe(201)
    expectFull(await uploadPending(user.token, file))
    expect(await storedRows(user.id)).toEqual({ attached: 0, pending: 2 })
    // Another user has an allowance of their own.
    const other = await t.registerUser()
    expect((await uploadPending(other.token, file)).statusCode).toBe(201)
  })

  it('counts the documents of their applications with their pending files, and frees what is deleted', async () => {
    const user = await t.registerUser()
    const application = await t.createApplication(user.token)
    const file = pngOfSize(400 * kb)
    const first = await uploadTo(application.id, user.token, file)
    expect(first.statusCode, first.body).toBe(201)
    expect((await uploadPending(user.token, file)).statusCode).toBe(201)
    expectFull(await uploadTo(application.id, user.token, file))
    expectFull(await uploadPending(user.token, file))
    expect(await storedRows(user.id)).toEqual({ attached: 1, pending: 1 })
    const removed = await t.request('DELETE', `/api/patents/${application.id}/documents/${first.json().id}`, {
      token: user.token,
    })
    expect(removed.statusCode).toBe(200)
    expect((await uploadTo(application.id, user.token, file)).statusCode).toBe(201)
  })

  it('keeps the limit when uploads arrive together, to the pending area and to an application', async () => {
    const user = await t.registerUser()
    const application = await t.createApplication(user.token)
    const file = pngOfSize(300 * kb)
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => uploadPending(user.token, file)),
      ...Array.from({ length: 3 }, () => uploadTo(application.id, user.token, file)),
    ])
    const statuses = answers.map((answer) => answer.statusCode)
    // 3 × 300 KB fit in 1 MB, a fourth does not.
    expect(statuses.filter((status) => status === 201)).toHaveLength(3)
    expect(statuses.filter((status) => status === 413)).toHaveLength(3)
    const rows = await storedRows(user.id)
    expect(rows.attached + rows.pending).toBe(3)
  })
})
