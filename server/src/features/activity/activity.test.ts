import { limits } from '@patentdesk/contract/limits'
import { describe, expect, it } from 'vitest'
import { multipartBody, pdfWithText } from '~/test/files'
import { buildTestApp, validApplication } from '~/test/test-app'

const t = await buildTestApp()
const { status: _draft, ...content } = validApplication
const [admin, otherAdmin] = [await t.loginAdmin(), await t.loginAdmin()]

type Entry = { kind: string; detail: string; actor: { id: number | null; fullName: string } | null }

describe('an application’s activity', () => {
  it('records what everyone did, newest first, for everyone with access and nobody else', async () => {
    const owner = await t.registerUser()
    const [viewer, stranger] = [await t.registerUser(), await t.registerUser()]
    const application = await t.createApplication(owner.token)
    const base = `/api/patents/${application.id}`
    const as = (token: string) => ({ token })
    await t.request('POST', `${base}/collaborators`, {
      ...as(owner.token),
      body: { email: viewer.email, role: 'viewer' },
    })
    await t.request('PUT', base, {
      ...as(owner.token),
      body: { ...content, title: 'A better tripod head', version: 1 },
    })
    const form = multipartBody({ name: 'figure.pdf', bytes: pdfWithText('Figure 1.') })
    const document = await t.app.inject({
      method: 'POST',
      url: `${base}/documents`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${owner.token}` },
    })
    await t.request('DELETE', `${base}/documents/${document.json().id}`, as(owner.token))
    const comment = await t.request('POST', `${base}/comments`, {
      ...as(owner.token),
      body: { anchor: { part: 'claim', index: 0, quote: 'pendulum' }, text: 'Name the pendulum’s material.' },
    })
    await t.request('PATCH', `${base}/comments/${comment.json().id}`, {
      ...as(owner.token),
      body: { resolved: true },
    })
    await t.request('POST', `${base}/submit`, as(owner.token))
    await t.request('PUT', `/api/admin/patents/${application.id}/status`, {
      ...as(admin.token),
      body: { status: 'under_review' },
    })
    await t.request('POST', `/api/admin/patents/${application.id}/feedback`, {
      ...as(admin.token),
      body: { content: '=HYPERLINK("x") Please narrow claim 1.' },
    })

    const page = (await t.request('GET', `${base}/activity`, as(viewer.token))).json()
    expect(page.nextBefore).toBeNull()
    expect(page.entries.map((e: Entry) => [e.kind, e.detail, e.actor?.fullName])).toEqual([
      ['feedback', 'Sent feedback: “=HYPERLINK("x") Please narrow claim 1.”', 'Ada Admin'],
      ['status_changed', 'Changed the status from Submitted to Under Review.', 'Ada Admin'],
      ['submitted', 'Submitted the application for review.', owner.fullName],
      ['resolved', 'Resolved the thread on claim 1: “Name the pendulum’s material.”', owner.fullName],
      ['commented', 'Commented on claim 1: “Name the pendulum’s material.”', owner.fullName],
      ['document_removed', 'Removed figure.pdf.', owner.fullName],
      ['document_added', 'Added figure.pdf.', owner.fullName],
      ['edited', 'Saved version 2: title changed.', owner.fullName],
      ['invited', `Invited ${viewer.email} as Viewer.`, owner.fullName],
      ['created', 'Created the application as a draft.', owner.fullName],
    ])
    expect((await t.request('GET', `${base}/activity`, as(stranger.token))).statusCode).toBe(404)
    expect((await t.request('GET', `${base}/activity`)).statusCode).toBe(401)
  })

  it('pages by the last entry seen', async () => {
    const owner = await t.registerUser()
    const application = await t.createApplication(owner.token)
    for (let i = 0; i < limits.activityPage + 5; i++) {
      await t.services.activity.record({
        applicationId: application.id,
        actorId: owner.id,
        kind: 'edited',
        subject: application.reference,
        detail: `Entry ${i}`,
      })
    }
    const url = `/api/patents/${application.id}/activity`
    const first = (await t.request('GET', url, { token: owner.token })).json()
    expect(first.entries).toHaveLength(limits.activityPage)
    expect(first.entries[0].detail).toBe(`Entry ${limits.activityPage + 4}`)
    const second = (
      await t.request('GET', `${url}?before=${first.nextBefore}`, { token: owner.token })
    ).json()
    expect(second.entries.map((e: Entry) => e.detail)).toEqual([
      'Entry 4',
      'Entry 3',
      'Entry 2',
      'Entry 1',
      'Entry 0',
      'Created the application as a draft.',
    ])
    expect(second.nextBefore).toBeNull()
    expect((await t.request('GET', `${url}?before=x`, { token: owner.token })).statusCode).toBe(400)
  })
})

describe('the audit log', () => {
  it('lists what administrators did, filtered, and exports it as CSV with formulas defused', async () => {
    const owner = await t.registerUser()
    const application = await t.createApplication(owner.token)
    await t.request('PUT', `/api/admin/patents/${application.id}/status`, {
      token: otherAdmin.token,
      body: { status: 'under_review' },
    })
    await t.request('POST', `/api/admin/patents/${application.id}/feedback`, {
      token: otherAdmin.token,
      body: { content: '=1+1 is not a claim.' },
    })
    await t.services.activity.record({
      applicationId: null,
      actorId: null,
      asAdmin: true,
      kind: 'user_promoted',
      subject: owner.username,
      detail: `Made '${owner.username}' an administrator. From the command line.`,
    })
    const audit = async (query: string, token = admin.token) =>
      (await t.request('GET', `/api/admin/audit${query}`, { token })).json()

    const all = await audit('')
    expect(
      all.entries
        .slice(0, 3)
        .map((e: { action: string; subject: string; actor: unknown }) => [e.action, e.subject, e.actor]),
    ).toEqual([
      ['user_promoted', owner.username, null],
      ['feedback', application.reference, { id: otherAdmin.id, fullName: 'Ada Admin' }],
      ['status_changed', application.reference, { id: otherAdmin.id, fullName: 'Ada Admin' }],
    ])
    // What the owner did is activity, not audit.
    expect(all.entries.some((e: { action: string }) => e.action === 'created')).toBe(false)
    expect((await audit(`?adminId=${otherAdmin.id}&action=feedback`)).entries).toHaveLength(1)
    const today = new Date().toISOString().slice(0, 10)
    expect((await audit(`?from=${today}&to=${today}&adminId=${otherAdmin.id}`)).entries).toHaveLength(2)
    expect((await audit(`?to=2000-01-01`)).entries).toEqual([])
    for (const bad of [
      '?action=deleted',
      '?from=2024-02-30',
      '?adminId=x',
      '?unknown=1',
      '?from=2024-02-02&to=2024-02-01',
    ]) {
      expect((await t.request('GET', `/api/admin/audit${bad}`, { token: admin.token })).statusCode, bad).toBe(
        400,
      )
    }
    const user = await t.registerUser()
    expect((await t.request('GET', '/api/admin/audit', { token: user.token })).statusCode).toBe(403)
    expect((await t.request('GET', '/api/admin/audit.csv', { token: user.token })).statusCode).toBe(403)

    const csv = await t.request('GET', `/api/admin/audit.csv?adminId=${otherAdmin.id}`, {
      token: admin.token,
    })
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('When (UTC),Administrator,Action,Subject,Detail')
    expect(lines.slice(1, 3).map((line) => line.split(',').slice(1, 4))).toEqual([
      ['Ada Admin', 'Feedback sent', application.reference],
      ['Ada Admin', 'Status changed', application.reference],
    ])
    expect(lines[1]).toContain('Sent feedback: “=1+1 is not a claim.”')
    await t.services.activity.record({
      applicationId: null,
      actorId: null,
      asAdmin: true,
      kind: 'password_set',
      subject: '=HYPERLINK("http://evil.example")',
      detail: '+1',
    })
    const defused = await t.request('GET', '/api/admin/audit.csv?action=password_set', { token: admin.token })
    expect(defused.body.split('\r\n')[1]).toMatch(
      /,Command line,Password set,"'=HYPERLINK\(""http:\/\/evil.example""\)",'\+1$/,
    )
  })
})
