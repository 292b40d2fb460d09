import { applicationMessages } from '@patentdesk/contract/applications'
import { messages } from '@patentdesk/contract/errors'
import { describe, expect, it } from 'vitest'
import { patentApplications } from '~/db/schema'
import { buildTestApp, json, validApplication } from '~/test/test-app'

const t = await buildTestApp()
const admin = await t.loginAdmin()

describe('create', () => {
  it('stores a draft with a unique human-readable reference and a first history entry', async () => {
    const user = await t.registerUser()
    const year = new Date().getFullYear()
    const a = await t.createApplication(user.token)
    const b = await t.createApplication(user.token)
    expect(a).toMatchObject({
      userId: user.id,
      status: 'draft',
      title: validApplication.title,
      claims: validApplication.claims,
      submittedAt: null,
    })
    expect(a.reference).toMatch(new RegExp(`^PA-${year}-\\d{5}$`))
    expect(b.reference).not.toBe(a.reference)
    const history = (await t.request('GET', `/api/patents/${a.id}/history`, { token: user.token })).json()
    expect(history).toMatchObject([{ fromStatus: null, toStatus: 'draft', changedBy: { id: user.id } }])
  })

  it.each([
    ['title', { title: 'Tiny' }, applicationMessages.titleMin],
    ['title', { title: 'x'.repeat(301) }, applicationMessages.titleMax],
    ['abstract', { abstract: 'Too short to be an abstract.' }, applicationMessages.abstractMin],
    ['abstract', { abstract: 'x'.repeat(2001) }, applicationMessages.abstractMax],
    ['description', { description: 'Short.' }, applicationMessages.descriptionMin],
    ['description', { description: 'x'.repeat(50_001) }, applicationMessages.descriptionMax],
    ['claims', { claims: [] }, applicationMessages.claimsMin],
    ['claims.1', { claims: ['A valid first claim.', 'short'] }, applicationMessages.claimMin],
    ['claims', { claims: 'A claim as a string' }, applicationMessages.claimsMin],
    ['status', { status: 'approved' }, 'A new application is always created as a draft.'],
    ['extra', { extra: true }, 'Unknown field.'],
  ])('refuses a bad %s with the contract message and stores nothing', async (field, change, message) => {
    const user = await t.registerUser()
    const before = await t.database.db.$count(patentApplications)
    const response = await t.request('POST', '/api/patents', {
      token: user.token,
      body: { ...validApplication, ...change },
    })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toEqual({ [field]: message })
    expect(await t.database.db.$count(patentApplications)).toBe(before)
    expect((await t.request('GET', '/api/patents', { token: user.token })).json()).toEqual([])
  })

  it('needs a session', async () => {
    const response = await t.request('POST', '/api/patents', { body: validApplication })
    expect(response.statusCode).toBe(401)
    expect(json(response).message).toBe(messages.authRequiredMutation)
  })
})

describe('who may see an application', () => {
  it('owner and admin see it; another applicant gets the not-found answer; anonymous gets 401', async () => {
    const owner = await t.registerUser()
    const other = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    for (const path of [
      `/api/patents/${id}`,
      `/api/patents/${id}/history`,
      `/api/patents/${id}/documents`,
      `/api/patents/${id}/feedback`,
    ]) {
      expect((await t.request('GET', path)).statusCode, path).toBe(401)
      expect((await t.request('GET', path, { token: owner.token })).statusCode, path).toBe(200)
      expect((await t.request('GET', path, { token: admin.token })).statusCode, path).toBe(200)
      const foreign = await t.request('GET', path, { token: other.token })
      expect(foreign.statusCode, path).toBe(404)
      expect(json(foreign).message).toBe(applicationMessages.notFound)
    }
    const missing = await t.request('GET', '/api/patents/999999', { token: admin.token })
    expect(json(missing).message).toBe(applicationMessages.notFound)
  })

  it('lists only the user’s own applications, most recently updated first', async () => {
    const user = await t.registerUser()
    const other = await t.registerUser()
    const first = await t.createApplication(user.token, { title: 'First application title' })
    const second = await t.createApplication(user.token, { title: 'Second application title' })
    await t.createApplication(other.token)
    await t.request('PUT', `/api/patents/${first.id}`, {
      token: user.token,
      body: { ...validApplication, status: undefined, title: 'First, edited later', version: 1 },
    })
    const list = (await t.request('GET', '/api/patents', { token: user.token })).json() as Array<{
      id: number
    }>
    expect(list.map((a) => a.id)).toEqual([first.id, second.id])
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['createdAt', 'id', 'reference', 'status', 'submittedAt', 'title', 'updatedAt'].sort(),
    )
  })

  it('lists each application as its own page shows it, times to the millisecond', async () => {
    // The list is built as JSON by the database (decision 0013); the page goes through Date.
    const user = await t.registerUser()
    const draft = await t.createApplication(user.token, { title: 'A draft, never sent' })
    const sent = await t.createApplication(user.token, { title: 'Sent for review' })
    await t.request('POST', `/api/patents/${sent.id}/submit`, { token: user.token })
    const list = (await t.request('GET', '/api/patents', { token: user.token })).json() as unknown[]
    const pages = await Promise.all(
      [sent.id, draft.id].map(async (id) => {
        const page = (await t.request('GET', `/api/patents/${id}`, { token: user.token })).json()
        const { id: _, reference, title, status, createdAt, updatedAt, submittedAt } = page
        return { id, reference, title, status, createdAt, updatedAt, submittedAt }
      }),
    )
    expect(list).toEqual(pages)
    expect(pages[0]?.submittedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })
})

describe('edit and submit', () => {
  const content = {
    title: validApplication.title,
    abstract: validApplication.abstract,
    description: validApplication.description,
    claims: ['An edited claim of some length.'],
    version: 1,
  }

  it('the owner edits a draft with the same rules; others may not', async () => {
    const owner = await t.registerUser()
    const other = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    const edited = await t.request('PUT', `/api/patents/${id}`, { token: owner.token, body: content })
    expect(edited.json()).toMatchObject({ claims: ['An edited claim of some length.'], status: 'draft' })
    const bad = await t.request('PUT', `/api/patents/${id}`, {
      token: owner.token,
      body: { ...content, claims: [] },
    })
    expect(json(bad).fields).toEqual({ claims: applicationMessages.claimsMin })
    expect(
      (await t.request('PUT', `/api/patents/${id}`, { token: other.token, body: content })).statusCode,
    ).toBe(404)
    const byAdmin = await t.request('PUT', `/api/patents/${id}`, { token: admin.token, body: content })
    expect(byAdmin.statusCode).toBe(403)
    expect(json(byAdmin).message).toBe(applicationMessages.cannotEdit)
    expect((await t.request('PUT', `/api/patents/${id}`, { body: content })).statusCode).toBe(401)
  })

  it('submits a draft once, tells every admin, and then refuses changes with 409', async () => {
    const owner = await t.registerUser({ fullName: 'Submitting Person' })
    const { id, reference } = await t.createApplication(owner.token)
    const submitted = await t.request('POST', `/api/patents/${id}/submit`, { token: owner.token })
    expect(submitted.json()).toMatchObject({ status: 'submitted' })
    expect((submitted.json() as { submittedAt: string }).submittedAt).toBeTruthy()

    const again = await t.request('POST', `/api/patents/${id}/submit`, { token: owner.token })
    expect(again.statusCode).toBe(409)
    expect(json(again).message).toBe(applicationMessages.notEditable)
    const edit = await t.request('PUT', `/api/patents/${id}`, { token: owner.token, body: content })
    expect(edit.statusCode).toBe(409)

    const inbox = (await t.request('GET', '/api/notifications', { token: admin.token })).json() as Array<{
      title: string
      message: string
      patentId: number
    }>
    expect(inbox[0]).toMatchObject({ title: 'Application submitted for review', patentId: id })
    expect(inbox[0]?.message).toBe(`Submitting Person submitted ${reference} "${validApplication.title}".`)
    const history = (await t.request('GET', `/api/patents/${id}/history`, { token: owner.token })).json()
    expect(history).toMatchObject([{ toStatus: 'draft' }, { fromStatus: 'draft', toStatus: 'submitted' }])
  })

  it('another applicant cannot submit, and revision_required can be resubmitted', async () => {
    const owner = await t.registerUser()
    const other = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    expect((await t.request('POST', `/api/patents/${id}/submit`, { token: other.token })).statusCode).toBe(
      404,
    )
    await t.request('POST', `/api/patents/${id}/submit`, { token: owner.token })
    await t.request('PUT', `/api/admin/patents/${id}/status`, {
      token: admin.token,
      body: { status: 'revision_required' },
    })
    expect(
      (await t.request('PUT', `/api/patents/${id}`, { token: owner.token, body: content })).statusCode,
    ).toBe(200)
    expect(
      (await t.request('POST', `/api/patents/${id}/submit`, { token: owner.token })).json(),
    ).toMatchObject({
      status: 'submitted',
    })
  })

  it('a bad id is a 400 naming it', async () => {
    const user = await t.registerUser()
    const response = await t.request('GET', '/api/patents/abc', { token: user.token })
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toHaveProperty('id')
  })
})

describe('CSV export', () => {
  const parse = (body: string) =>
    body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')

  it("answers the user's own applications, formulas defused", async () => {
    const user = await t.registerUser()
    await t.createApplication(user.token, { title: '=HYPERLINK("http://evil.example","x")' })
    const second = await t.createApplication(user.token, { title: 'Tripod head, "levelling"' })
    await t.createApplication((await t.registerUser()).token, { title: 'Someone else’s invention' })
    const response = await t.request('GET', '/api/patents/export.csv', { token: user.token })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain('filename="my-patents.csv"')
    expect(response.body.startsWith('\ufeff')).toBe(true)
    const lines = parse(response.body)
    expect(lines[0]).toBe(
      "Reference,Title,Status,Created,Updated,Submitted,Priority date,UK filing date,UK application number,'A' publication number,Grant date",
    )
    expect(lines).toHaveLength(3)
    // Created and Updated as ISO days, no submission yet: no raw UTC timestamps.
    expect(lines[1]).toMatch(
      new RegExp(
        `^${second.reference},"Tripod head, ""levelling""",Draft,\\d{4}-\\d{2}-\\d{2},\\d{4}-\\d{2}-\\d{2},,`,
      ),
    )
    expect(response.body).not.toMatch(/T\d{2}:\d{2}/)
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(response.body).not.toContain('Someone else')
  })

  it('answers every application with its applicant, to administrators only', async () => {
    const user = await t.registerUser({ fullName: 'Csv Applicant' })
    const application = await t.createApplication(user.token)
    expect((await t.request('GET', '/api/admin/patents/export.csv', { token: user.token })).statusCode).toBe(
      403,
    )
    const response = await t.request('GET', '/api/admin/patents/export.csv', { token: admin.token })
    expect(response.statusCode).toBe(200)
    const lines = parse(response.body)
    expect(lines[0]?.endsWith(',Applicant')).toBe(true)
    expect(lines.find((l) => l.startsWith(application.reference))?.endsWith(',Csv Applicant')).toBe(true)
  })
})

describe('versions', () => {
  const text = (claim: string, title = validApplication.title) => ({
    title,
    abstract: validApplication.abstract,
    description: validApplication.description,
    claims: [claim],
  })
  const versionsOf = async (id: number, token: string) =>
    (await t.request('GET', `/api/patents/${id}/versions`, { token })).json() as {
      number: number
      author: { id: number } | null
      changed: string[]
      restoredFrom: number | null
    }[]

  it('keeps every save that changes the text, newest first, with who made it and what it changed', async () => {
    const owner = await t.registerUser()
    const { id, version } = await t.createApplication(owner.token)
    expect(version).toBe(1)
    const put = (body: object) => t.request('PUT', `/api/patents/${id}`, { token: owner.token, body })
    expect(json(await put({ ...text('A first edited claim.'), version: 1 })).version).toBe(2)
    // The same text again is no new version.
    expect(json(await put({ ...text('A first edited claim.'), version: 2 })).version).toBe(2)
    expect(
      json(await put({ ...text('A first edited claim.', 'A retitled application'), version: 2 })).version,
    ).toBe(3)

    const list = await versionsOf(id, owner.token)
    expect(list.map(({ number, changed, restoredFrom }) => ({ number, changed, restoredFrom }))).toEqual([
      { number: 3, changed: ['title'], restoredFrom: null },
      { number: 2, changed: ['claims'], restoredFrom: null },
      { number: 1, changed: ['title', 'abstract', 'description', 'claims'], restoredFrom: null },
    ])
    expect(list.every((item) => item.author?.id === owner.id)).toBe(true)
    const first = await t.request('GET', `/api/patents/${id}/versions/1`, { token: owner.token })
    expect(json(first)).toMatchObject({
      number: 1,
      claims: validApplication.claims,
      title: validApplication.title,
    })
    const missing = await t.request('GET', `/api/patents/${id}/versions/9`, { token: owner.token })
    expect(missing.statusCode).toBe(404)
    expect(json(missing).message).toBe(applicationMessages.versionNotFound)
  })

  it('refuses a save made from an older version with 409 and the application as it stands', async () => {
    const owner = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    const put = (body: object) => t.request('PUT', `/api/patents/${id}`, { token: owner.token, body })
    await put({ ...text('Saved first from version one.'), version: 1 })
    const late = await put({ ...text('Also made from version one.'), version: 1 })
    expect(late.statusCode).toBe(409)
    expect(json(late)).toMatchObject({
      error: 'CONFLICT',
      message: applicationMessages.staleSave,
      current: { id, version: 2, claims: ['Saved first from version one.'] },
    })
    const missingVersion = await put(text('Without the version it was made from.'))
    expect(missingVersion.statusCode).toBe(400)
    expect(json(missingVersion).fields).toEqual({ version: applicationMessages.versionRequired })
    const stored = json(await t.request('GET', `/api/patents/${id}`, { token: owner.token }))
    expect(stored).toMatchObject({ version: 2, claims: ['Saved first from version one.'] })
  })

  it('restores a version as a new one, from the current version only; others read none of it', async () => {
    const owner = await t.registerUser()
    const other = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    await t.request('PUT', `/api/patents/${id}`, {
      token: owner.token,
      body: { ...text('A later claim.'), version: 1 },
    })
    const restore = (number: number, version: number, token = owner.token) =>
      t.request('POST', `/api/patents/${id}/versions/${number}/restore`, { token, body: { version } })

    expect((await restore(1, 1)).statusCode).toBe(409)
    const restored = await restore(1, 2)
    expect(json(restored)).toMatchObject({ version: 3, claims: validApplication.claims })
    expect((await versionsOf(id, owner.token))[0]).toMatchObject({
      number: 3,
      restoredFrom: 1,
      changed: ['claims'],
    })
    expect((await restore(7, 3)).statusCode).toBe(404)

    for (const path of [`/api/patents/${id}/versions`, `/api/patents/${id}/versions/1`])
      expect((await t.request('GET', path, { token: other.token })).statusCode).toBe(404)
    expect((await restore(1, 3, other.token)).statusCode).toBe(404)
    expect((await restore(1, 3, admin.token)).statusCode).toBe(403)
    expect((await t.request('GET', `/api/patents/${id}/versions`, { token: admin.token })).statusCode).toBe(
      200,
    )
    expect((await t.request('GET', `/api/patents/${id}/versions`)).statusCode).toBe(401)
  })
})
