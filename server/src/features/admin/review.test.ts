import { applicationMessages } from '@patentdesk/contract/applications'
import { messages } from '@patentdesk/contract/errors'
import { describe, expect, it } from 'vitest'
import { analysisResults, feedback } from '~/db/schema'
import { buildTestApp, json } from '~/test/test-app'

const t = await buildTestApp()
const admin = await t.loginAdmin()

describe('admin list', () => {
  it('lists every application with the applicant’s full name; applicants get 403', async () => {
    const owner = await t.registerUser({ fullName: 'Owner Person' })
    const application = await t.createApplication(owner.token)
    const list = (await t.request('GET', '/api/admin/patents', { token: admin.token })).json() as Array<
      Record<string, unknown>
    >
    expect(list.find((a) => a.id === application.id)).toMatchObject({
      reference: application.reference,
      applicantName: 'Owner Person',
      status: 'draft',
      userId: owner.id,
    })
    expect((await t.request('GET', '/api/admin/patents', { token: owner.token })).statusCode).toBe(403)
    expect((await t.request('GET', '/api/admin/patents')).statusCode).toBe(401)
  })
})

describe('status changes', () => {
  it('an admin sets any status in any order; each change is recorded and the owner notified', async () => {
    const owner = await t.registerUser()
    const { id, reference } = await t.createApplication(owner.token)
    for (const status of ['approved', 'draft', 'under_review', 'rejected', 'revision_required'] as const) {
      const response = await t.request('PUT', `/api/admin/patents/${id}/status`, {
        token: admin.token,
        body: { status },
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ status })
    }
    const history = (
      await t.request('GET', `/api/patents/${id}/history`, { token: owner.token })
    ).json() as Array<{
      fromStatus: string | null
      toStatus: string
      changedBy: { fullName: string; isAdmin: boolean }
    }>
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'approved'],
      ['approved', 'draft'],
      ['draft', 'under_review'],
      ['under_review', 'rejected'],
      ['rejected', 'revision_required'],
    ])
    expect(history[1]?.changedBy).toEqual({ id: admin.id, fullName: 'Ada Admin', isAdmin: true })
    const inbox = (await t.request('GET', '/api/notifications', { token: owner.token })).json() as Array<{
      title: string
      message: string
    }>
    expect(inbox[0]).toMatchObject({
      title: 'Application status updated',
      message: `${reference} "Self-levelling tripod head" is now Revision Required.`,
    })
    expect(inbox.filter((n) => n.title === 'Application status updated')).toHaveLength(5)
  })

  it('refuses an unknown status, an applicant, and a missing application', async () => {
    const owner = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    const bad = await t.request('PUT', `/api/admin/patents/${id}/status`, {
      token: admin.token,
      body: { status: 'done' },
    })
    expect(bad.statusCode).toBe(400)
    expect(json(bad).fields).toEqual({ status: 'Choose a valid status.' })
    const missing = await t.request('PUT', `/api/admin/patents/${id}/status`, {
      token: admin.token,
      body: {},
    })
    expect(json(missing).fields).toHaveProperty('status')
    const applicant = await t.request('PUT', `/api/admin/patents/${id}/status`, {
      token: owner.token,
      body: { status: 'approved' },
    })
    expect(applicant.statusCode).toBe(403)
    expect(json(applicant).message).toBe(messages.adminOnly)
    const nothing = await t.request('PUT', '/api/admin/patents/987654/status', {
      token: admin.token,
      body: { status: 'approved' },
    })
    expect(nothing.statusCode).toBe(404)
    expect((await t.request('GET', `/api/patents/${id}`, { token: owner.token })).json()).toMatchObject({
      status: 'draft',
    })
  })
})

describe('feedback', () => {
  it('an admin sends feedback; the owner reads it newest first and is notified', async () => {
    const owner = await t.registerUser()
    const { id, reference } = await t.createApplication(owner.token)
    const first = await t.request('POST', `/api/admin/patents/${id}/feedback`, {
      token: admin.token,
      body: { content: '  Please number the claims.  ' },
    })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({
      content: 'Please number the claims.',
      source: 'Reviewer: Ada Admin',
    })
    await t.request('POST', `/api/admin/patents/${id}/feedback`, {
      token: admin.token,
      body: { content: 'Claim 2 needs support.' },
    })
    const list = (
      await t.request('GET', `/api/patents/${id}/feedback`, { token: owner.token })
    ).json() as Array<{ content: string }>
    expect(list.map((f) => f.content)).toEqual(['Claim 2 needs support.', 'Please number the claims.'])
    const inbox = (await t.request('GET', '/api/notifications', { token: owner.token })).json() as Array<{
      title: string
      message: string
    }>
    expect(inbox[0]).toMatchObject({
      title: 'New feedback on your application',
      message: `${reference}: Claim 2 needs support.`,
    })
  })

  it('refuses blank feedback, an applicant, and stores nothing', async () => {
    const owner = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    const before = await t.database.db.$count(feedback)
    const blank = await t.request('POST', `/api/admin/patents/${id}/feedback`, {
      token: admin.token,
      body: { content: '   ' },
    })
    expect(blank.statusCode).toBe(400)
    expect(json(blank).fields).toEqual({ content: applicationMessages.feedbackEmpty })
    const tooLong = await t.request('POST', `/api/admin/patents/${id}/feedback`, {
      token: admin.token,
      body: { content: 'x'.repeat(10_001) },
    })
    expect(json(tooLong).fields).toEqual({ content: applicationMessages.feedbackMax })
    expect(
      (
        await t.request('POST', `/api/admin/patents/${id}/feedback`, {
          token: owner.token,
          body: { content: 'Self praise' },
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (await t.request('POST', `/api/admin/patents/${id}/feedback`, { body: { content: 'Anonymous' } }))
        .statusCode,
    ).toBe(401)
    expect(await t.database.db.$count(feedback)).toBe(before)
  })
})

describe('application analysis', () => {
  it('is for admins only: null before one is generated, the stored result after', async () => {
    const owner = await t.registerUser()
    const { id } = await t.createApplication(owner.token)
    const url = `/api/patents/${id}/analysis`
    expect((await t.request('GET', url, { token: owner.token })).statusCode).toBe(403)
    expect((await t.request('GET', url)).statusCode).toBe(401)
    const none = await t.request('GET', url, { token: admin.token })
    expect(none.statusCode).toBe(200)
    expect(none.json()).toBeNull()
    await t.database.db.insert(analysisResults).values({
      applicationId: id,
      engine: 'offline',
      similarityScore: 42,
      result: {
        analysis: 'A pendulum-levelled head.',
        similarPatents: [
          {
            reference: 'US1234567B2',
            title: 'Tripod',
            applicant: 'Acme',
            filingDate: '2010-01-02',
            similarityScore: 42,
          },
        ],
      },
    })
    expect((await t.request('GET', url, { token: admin.token })).json()).toMatchObject({
      analysis: 'A pendulum-levelled head.',
      similarityScore: 42,
      engine: 'offline',
      similarPatents: [{ reference: 'US1234567B2', similarityScore: 42 }],
    })
  })
})
