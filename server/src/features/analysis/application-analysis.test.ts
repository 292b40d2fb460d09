import { londonToday } from '@patentdesk/contract/common'
import { documentMessages, readingMessages } from '@patentdesk/contract/documents'
import { noUkDates } from '@patentdesk/contract/filing'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { patentDocuments } from '~/db/schema'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { multipartBody, pdfWithText } from '~/test/files'
import { jpegWithGarbageData } from '~/test/hostile-files'
import { fixtureCorpus } from '~/test/small-corpus'
import { buildTestApp } from '~/test/test-app'

/**
 * The administrator's Generate Analysis, on both drivers: the application and its documents read from the
 * database and the storage, the result stored. The public analysis, which stores nothing and reads the corpus
 * through the index in memory, is analysis.test.ts's.
 */
const t = await buildTestApp()
await ensureCorpusLoaded(t.database, pino({ level: 'silent' }), (await fixtureCorpus()).dir)
await t.services.priorArt.warm()
const admin = await t.loginAdmin()

describe('Generate Analysis for an application', () => {
  it('runs the engine on the application, stores it, and replaces it when run again; admins only', async () => {
    const owner = await t.registerUser()
    const application = await t.createApplication(owner.token)
    const url = `/api/admin/patents/${application.id}/analysis`
    expect((await t.request('POST', url, { token: owner.token })).statusCode).toBe(403)
    const generated = await t.request('POST', url, { token: admin.token })
    expect(generated.statusCode, generated.body).toBe(201)
    const stored = (
      await t.request('GET', `/api/patents/${application.id}/analysis`, { token: admin.token })
    ).json()
    expect(stored).toMatchObject({ engine: 'offline', similarityScore: generated.json().similarityScore })
    expect(stored.result.analysis.keyTerms).toContain('pendulum')
    // The stored result holds the claim chart: the features, and their matches on the charted patents.
    const { features } = stored.result.analysis
    expect(features.length).toBeGreaterThan(0)
    expect(stored.result.similarPatents.patents[0].featureMatches).toHaveLength(features.length)
    expect(stored.analysis).toBe(stored.result.analysis.summary)
    const again = (await t.request('POST', url, { token: admin.token })).json()
    expect(again.createdAt >= stored.createdAt).toBe(true)
  })

  it('gives the owner and the administrators the search report once it is generated, and no one else', async () => {
    const owner = await t.registerUser()
    const stranger = await t.registerUser()
    const application = await t.createApplication(owner.token)
    const url = `/api/patents/${application.id}/search-report`
    const before = await t.request('GET', url, { token: owner.token })
    expect(before.statusCode, before.body).toBe(200)
    expect(before.json()).toBeNull()
    const generated = await t.request('POST', `/api/admin/patents/${application.id}/analysis`, {
      token: admin.token,
    })
    expect(generated.statusCode, generated.body).toBe(201)
    for (const token of [owner.token, admin.token]) {
      const read = await t.request('GET', url, { token })
      expect(read.statusCode, read.body).toBe(200)
      expect(read.json()).toEqual({
        searchReport: generated.json().result.searchReport,
        createdAt: generated.json().createdAt,
      })
    }
    expect((await t.request('GET', url, { token: stranger.token })).statusCode).toBe(404)
    expect((await t.request('GET', url)).statusCode).toBe(401)
  })

  it('ranks only what was filed or had a priority before the application: its priority date, else its filing date, else today', async () => {
    const owner = await t.registerUser()
    const application = await t.createApplication(owner.token)
    type Listed = { reference: string; filingDate: string | null }
    const generate = async () => {
      const generated = await t.request('POST', `/api/admin/patents/${application.id}/analysis`, {
        token: admin.token,
      })
      expect(generated.statusCode, generated.body).toBe(201)
      const { result } = generated.json()
      return {
        cutOff: result.searchReport.cutOff,
        listed: result.similarPatents.patents as Listed[],
        cited: result.searchReport.citations as (Listed & { category: string; dateNote: string | null })[],
      }
    }
    const undated = await generate()
    expect(undated.cutOff).toEqual({ date: londonToday(), basis: 'today' })
    // The application filed on the day the latest of its prior art was: that patent (with no earlier
    // priority) is no longer prior art.
    const priorityOf = async (reference: string) =>
      (await t.request('GET', `/api/public/patents/details/${reference}`)).json().priority as string | null
    const latest = (
      await Promise.all(undated.listed.map(async (p) => ({ ...p, priority: await priorityOf(p.reference) })))
    )
      .filter((p) => p.filingDate && !p.priority)
      .sort((a, b) => String(b.filingDate).localeCompare(String(a.filingDate)))[0] as Listed
    const filingDate = latest.filingDate as string
    const setDates = (dates: Record<string, string>) =>
      t.request('PUT', `/api/patents/${application.id}/filing/dates`, {
        token: owner.token,
        body: { ...noUkDates, ...dates },
      })
    expect((await setDates({ filingDate })).statusCode).toBe(200)
    const filed = await generate()
    expect(filed.cutOff).toEqual({ date: filingDate, basis: 'filing date' })
    expect(filed.listed.map((p) => p.reference)).not.toContain(latest.reference)
    for (const p of filed.listed) {
      const earliest = [p.filingDate, await priorityOf(p.reference)].filter(Boolean).sort()[0]
      expect(earliest === undefined || (earliest as string) < filingDate).toBe(true)
    }
    // A declared priority date comes first.
    const priorityDate = `${Number(filingDate.slice(0, 4)) - 1}${filingDate.slice(4)}`
    expect(
      (
        await setDates({
          filingDate,
          priorityDate,
          priorityApplicationNumber: '12/345,678',
          priorityCountry: 'US',
        })
      ).statusCode,
    ).toBe(200)
    const prior = await generate()
    expect(prior.cutOff).toEqual({ date: priorityDate, basis: 'priority date', filingDate })
    // Still nothing filed on or after the filing date (E and P come between: the next test's).
    for (const p of prior.listed) {
      const earliest = [p.filingDate, await priorityOf(p.reference)].filter(Boolean).sort()[0]
      expect(earliest === undefined || (earliest as string) < filingDate).toBe(true)
    }
  })

  it('places a near copy by its dates: X before, P between the two dates, E after, left out when later', async () => {
    // US6334226B1: priority 22 October 1997, filed 24 April 2000, published 1 January 2002.
    const copied = (await fixtureCorpus()).records.find((r) => r.reference === 'US6334226B1')
    const owner = await t.registerUser()
    const application = await t.createApplication(owner.token, {
      title: 'Faucet support member',
      abstract: copied?.abstract,
      claims: copied?.claims.slice(0, 1),
    })
    const reportFor = async (dates: Record<string, string>) => {
      const set = await t.request('PUT', `/api/patents/${application.id}/filing/dates`, {
        token: owner.token,
        body: { ...noUkDates, ...dates },
      })
      expect(set.statusCode, set.body).toBe(200)
      const generated = await t.request('POST', `/api/admin/patents/${application.id}/analysis`, {
        token: admin.token,
      })
      expect(generated.statusCode, generated.body).toBe(201)
      const { result } = generated.json()
      const line = result.searchReport.citations.find(
        (c: { reference: string }) => c.reference === 'US6334226B1',
      )
      return {
        listed: result.similarPatents.patents.map((p: { reference: string }) => p.reference),
        line: line && { category: line.category, claims: line.claims, dateNote: line.dateNote },
      }
    }
    const priority = { priorityApplicationNumber: '12/345,678', priorityCountry: 'US' }
    expect((await reportFor({})).line).toEqual({ category: 'X', claims: [1], dateNote: null })
    expect(
      (await reportFor({ ...priority, priorityDate: '2001-06-01', filingDate: '2002-06-01' })).line,
    ).toEqual({ category: 'P', claims: [1], dateNote: null })
    expect(
      (await reportFor({ ...priority, priorityDate: '2001-01-01', filingDate: '2001-06-01' })).line,
    ).toEqual({ category: 'E', claims: [1], dateNote: null })
    // Filed after its own priority date, but the application's filing date comes before that: not prior art.
    const later = await reportFor({ filingDate: '1997-10-22' })
    expect(later.line).toBeUndefined()
    expect(later.listed).not.toContain('US6334226B1')
  })

  async function uploadTo(applicationId: number, token: string, file: { name: string; bytes: Buffer }) {
    const upload = multipartBody(file)
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/patents/${applicationId}/documents`,
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    return uploaded.json() as { id: number }
  }

  const generateNotes = async (applicationId: number) => {
    const generated = await t.request('POST', `/api/admin/patents/${applicationId}/analysis`, {
      token: admin.token,
    })
    expect(generated.statusCode, generated.body).toBe(201)
    return generated.json().result.notes
  }

  it('skips a stored document that cannot be read, with a note saying why', async () => {
    const owner = await t.registerUser()
    const application = await t.createApplication(owner.token)
    // Its header is whole, so the upload takes it; only decoding it for OCR finds it broken.
    await uploadTo(application.id, owner.token, { name: 'photo.jpg', bytes: jpegWithGarbageData() })
    expect(await generateNotes(application.id)).toContain(
      readingMessages.skipped('photo.jpg', readingMessages.unreadable),
    )
  })

  it('skips a document whose bytes are gone from storage, with a note saying so', async () => {
    const owner = await t.registerUser()
    const application = await t.createApplication(owner.token)
    const { id } = await uploadTo(application.id, owner.token, {
      name: 'lost.pdf',
      bytes: pdfWithText('Lost.'),
    })
    const [row] = await t.database.db
      .select({ storageKey: patentDocuments.storageKey })
      .from(patentDocuments)
      .where(eq(patentDocuments.id, id))
    await t.services.storage.remove(row?.storageKey as string)
    expect(await generateNotes(application.id)).toContain(
      readingMessages.skipped('lost.pdf', documentMessages.bytesMissing),
    )
  })
})
