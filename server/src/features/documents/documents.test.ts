import fs from 'node:fs'
import path from 'node:path'
import { documentMessages, readingMessages } from '@patentdesk/contract/documents'
import { fileRules } from '@patentdesk/contract/file-kinds'
import { limits } from '@patentdesk/contract/limits'
import { eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { blobChunks, patentDocuments } from '~/db/schema'
import { multipartBody, sampleJpeg, samplePdf, samplePng } from '~/test/files'
import { corruptPdf, garbageJpeg, hugePng } from '~/test/hostile-files'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp()
const admin = await t.loginAdmin()
const filesRoot = path.join(t.config.dataDir, 'files')

function upload(
  token: string | undefined,
  id: number,
  file: Parameters<typeof multipartBody>[0],
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipartBody(file, fields)
  return t.app.inject({
    method: 'POST',
    url: `/api/patents/${id}/documents`,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
}

/** Blobs stored for one application, in whichever store the settings chose. */
async function storedFiles(id: number) {
  if (t.config.storage === 'database') {
    const rows = await t.database.db
      .selectDistinct({ key: blobChunks.key })
      .from(blobChunks)
      .where(like(blobChunks.key, `applications/${id}/%`))
    return rows.map((row) => row.key)
  }
  const dir = path.join(filesRoot, 'applications', String(id))
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

async function ownerWithDraft() {
  const owner = await t.registerUser()
  const application = await t.createApplication(owner.token)
  return { owner, application }
}

describe('upload', () => {
  it('stores PDF, PNG and JPEG files, checked by content, and lists them', async () => {
    const { owner, application } = await ownerWithDraft()
    const pdf = await upload(
      owner.token,
      application.id,
      { name: 'Spec sheet.pdf', bytes: samplePdf },
      { documentType: 'specification' },
    )
    expect(pdf.statusCode).toBe(201)
    expect(pdf.json()).toMatchObject({
      fileName: 'Spec sheet.pdf',
      fileType: 'application/pdf',
      documentType: 'specification',
      sizeBytes: samplePdf.length,
    })
    expect(
      (await upload(owner.token, application.id, { name: 'figure.PNG', bytes: samplePng })).json(),
    ).toMatchObject({
      fileType: 'image/png',
      documentType: 'supporting',
    })
    expect(
      (await upload(owner.token, application.id, { name: 'photo.jpeg', bytes: sampleJpeg })).statusCode,
    ).toBe(201)
    const list = (
      await t.request('GET', `/api/patents/${application.id}/documents`, { token: owner.token })
    ).json()
    expect((list as Array<{ fileName: string }>).map((d) => d.fileName)).toEqual([
      'Spec sheet.pdf',
      'figure.PNG',
      'photo.jpeg',
    ])
    expect(await storedFiles(application.id)).toHaveLength(3)
  })

  it.each([
    [
      'a text file renamed .pdf',
      { name: 'notes.pdf', bytes: Buffer.from('just some text, not a PDF at all') },
      415,
      documentMessages.contentMismatch,
    ],
    ['a PNG named .pdf', { name: 'figure.pdf', bytes: samplePng }, 415, documentMessages.contentMismatch],
    ['a .docx', { name: 'draft.docx', bytes: samplePdf }, 415, documentMessages.wrongType],
    ['an empty file', { name: 'empty.pdf', bytes: Buffer.alloc(0) }, 400, documentMessages.empty],
    [
      'a file over 5 MB',
      { name: 'big.pdf', bytes: Buffer.concat([samplePdf, Buffer.alloc(fileRules.upload.maxBytes)]) },
      413,
      documentMessages.tooLarge,
    ],
    [
      'a file in another field',
      { name: 'a.pdf', bytes: samplePdf, field: 'attachment' },
      400,
      documentMessages.missingFile,
    ],
  ])('refuses %s with a clear message and stores nothing', async (_what, file, status, message) => {
    const { owner, application } = await ownerWithDraft()
    const before = await t.database.db.$count(patentDocuments)
    const response = await upload(owner.token, application.id, file)
    expect(response.statusCode).toBe(status)
    expect(json(response).message).toBe(message)
    expect(await t.database.db.$count(patentDocuments)).toBe(before)
    expect(await storedFiles(application.id)).toEqual([])
  })

  it.each([
    [
      'a JPEG that turns to garbage',
      async () => ({ name: 'photo.jpg', bytes: garbageJpeg() }),
      readingMessages.unreadable,
    ],
    ['a corrupt PDF', async () => ({ name: 'filing.pdf', bytes: corruptPdf() }), readingMessages.unreadable],
    [
      'a PNG of 20000 × 20000 pixels',
      async () => ({ name: 'scan.png', bytes: await hugePng(20_000, 20_000) }),
      readingMessages.tooManyPixels(20_000, 20_000, 40),
    ],
  ])('refuses %s with a 422 naming the problem, and stores nothing', async (_what, file, message) => {
    const { owner, application } = await ownerWithDraft()
    const response = await upload(owner.token, application.id, await file())
    expect(response.statusCode).toBe(422)
    expect(json(response)).toEqual({ error: 'UNPROCESSABLE', message, fields: { file: message } })
    expect(
      await t.database.db.$count(patentDocuments, eq(patentDocuments.applicationId, application.id)),
    ).toBe(0)
    expect(await storedFiles(application.id)).toEqual([])
  })

  it('refuses a sixth file', async () => {
    const { owner, application } = await ownerWithDraft()
    for (let i = 1; i <= limits.documents.maxFiles; i++) {
      expect(
        (await upload(owner.token, application.id, { name: `page${i}.png`, bytes: samplePng })).statusCode,
      ).toBe(201)
    }
    const sixth = await upload(owner.token, application.id, { name: 'page6.png', bytes: samplePng })
    expect(sixth.statusCode).toBe(409)
    expect(json(sixth).message).toBe(documentMessages.tooMany)
    expect(await storedFiles(application.id)).toHaveLength(limits.documents.maxFiles)
  })

  it('keeps the limit when uploads arrive together', async () => {
    const { owner, application } = await ownerWithDraft()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        upload(owner.token, application.id, { name: `p${i}.png`, bytes: samplePng }),
      ),
    )
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(limits.documents.maxFiles)
    expect(await storedFiles(application.id)).toHaveLength(limits.documents.maxFiles)
  })

  it('refuses a bad documentType and a request that is not multipart', async () => {
    const { owner, application } = await ownerWithDraft()
    const badType = await upload(
      owner.token,
      application.id,
      { name: 'a.pdf', bytes: samplePdf },
      { documentType: 'poetry' },
    )
    expect(badType.statusCode).toBe(400)
    expect(json(badType).fields).toHaveProperty('documentType')
    const notMultipart = await t.request('POST', `/api/patents/${application.id}/documents`, {
      token: owner.token,
      body: { file: 'x' },
    })
    expect(notMultipart.statusCode).toBe(415)
  })

  it('allows only the owner, and only while the application is editable', async () => {
    const { owner, application } = await ownerWithDraft()
    const other = await t.registerUser()
    const file = { name: 'a.pdf', bytes: samplePdf }
    expect((await upload(undefined, application.id, file)).statusCode).toBe(401)
    expect((await upload(other.token, application.id, file)).statusCode).toBe(404)
    expect((await upload(admin.token, application.id, file)).statusCode).toBe(403)
    await t.request('POST', `/api/patents/${application.id}/submit`, { token: owner.token })
    expect((await upload(owner.token, application.id, file)).statusCode).toBe(409)
    expect(await storedFiles(application.id)).toEqual([])
  })
})

describe('download and delete', () => {
  it('gives the original bytes with type and name to the owner and an admin, not to others', async () => {
    const { owner, application } = await ownerWithDraft()
    const other = await t.registerUser()
    const doc = (
      await upload(owner.token, application.id, { name: 'Zeichnung für Prüfung.pdf', bytes: samplePdf })
    ).json() as { id: number }
    const url = `/api/patents/${application.id}/documents/${doc.id}/download`
    for (const token of [owner.token, admin.token]) {
      const response = await t.request('GET', url, { token })
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload.equals(samplePdf)).toBe(true)
      expect(response.headers['content-type']).toBe('application/pdf')
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Zeichnung f_r Pr_fung.pdf"; filename*=UTF-8''${encodeURIComponent('Zeichnung für Prüfung.pdf')}`,
      )
    }
    expect((await t.request('GET', url, { token: other.token })).statusCode).toBe(404)
    expect((await t.request('GET', url)).statusCode).toBe(401)
    expect(
      (
        await t.request('GET', `/api/patents/${application.id}/documents/99999/download`, {
          token: owner.token,
        })
      ).statusCode,
    ).toBe(404)
  })

  it('a document whose bytes are gone from storage is a 404 saying so, not a 500', async () => {
    const { owner, application } = await ownerWithDraft()
    const doc = (await upload(owner.token, application.id, { name: 'a.pdf', bytes: samplePdf })).json() as {
      id: number
    }
    const [row] = await t.database.db
      .select({ storageKey: patentDocuments.storageKey })
      .from(patentDocuments)
      .where(eq(patentDocuments.id, doc.id))
    await t.services.storage.remove(row?.storageKey as string)
    const response = await t.request('GET', `/api/patents/${application.id}/documents/${doc.id}/download`, {
      token: owner.token,
    })
    expect(response.statusCode).toBe(404)
    expect(json(response).message).toBe(documentMessages.bytesMissing)
  })

  it('the owner deletes while editable; the bytes go too; afterwards deletion is refused', async () => {
    const { owner, application } = await ownerWithDraft()
    const first = (await upload(owner.token, application.id, { name: 'a.png', bytes: samplePng })).json() as {
      id: number
    }
    const second = (
      await upload(owner.token, application.id, { name: 'b.png', bytes: samplePng })
    ).json() as { id: number }
    const other = await t.registerUser()
    expect(
      (
        await t.request('DELETE', `/api/patents/${application.id}/documents/${first.id}`, {
          token: other.token,
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await t.request('DELETE', `/api/patents/${application.id}/documents/${first.id}`, {
          token: owner.token,
        })
      ).json(),
    ).toEqual({ ok: true })
    expect(await storedFiles(application.id)).toHaveLength(1)
    await t.request('POST', `/api/patents/${application.id}/submit`, { token: owner.token })
    const refused = await t.request('DELETE', `/api/patents/${application.id}/documents/${second.id}`, {
      token: owner.token,
    })
    expect(refused.statusCode).toBe(409)
    expect(await storedFiles(application.id)).toHaveLength(1)
  })
})
