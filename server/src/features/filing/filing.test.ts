import type { Filing, UpcomingDeadline } from '@patentdesk/contract/filing'
import { noUkDates as blank, filingMessages } from '@patentdesk/contract/filing'
import { eq } from 'drizzle-orm'
import mammoth from 'mammoth'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import { notifications } from '~/db/schema'
import { buildTestApp, json } from '~/test/test-app'
import { createFilingService } from './filing.service'

const t = await buildTestApp()
const admin = await t.loginAdmin()

async function setDates(token: string, id: number, dates: Record<string, string | null>) {
  return t.request('PUT', `/api/patents/${id}/filing/dates`, { token, body: { ...blank, ...dates } })
}

async function withApplication() {
  const user = await t.registerUser()
  const application = await t.createApplication(user.token)
  return { user, application }
}

const due = (filing: Filing) => Object.fromEntries(filing.deadlines.map((d) => [d.id, d.dueDate]))

describe('UK dates', () => {
  it('records the dates, computes the deadlines and keeps every change in the history', async () => {
    const { user, application } = await withApplication()
    const response = await setDates(user.token, application.id, {
      priorityDate: '2025-05-10',
      priorityApplicationNumber: '63/123,456',
      priorityCountry: 'us',
      filingDate: '2026-03-02',
      applicationNumber: 'gb2604321.7',
    })
    expect(response.statusCode).toBe(200)
    const filing = response.json() as Filing
    expect(filing.dates).toMatchObject({ priorityCountry: 'US', applicationNumber: 'GB2604321.7' })
    expect(due(filing)).toMatchObject({
      priority: '2026-05-10',
      'claims-fees-search': '2026-05-10',
      inventorship: '2026-09-10',
      publication: '2026-11-10',
      examination: '2027-05-10',
      compliance: '2029-11-10',
    })
    expect(filing.deadlines.find((d) => d.id === 'priority')?.status).toBe('done')
    expect(filing.history.map((h) => [h.field, h.fromValue, h.toValue])).toEqual([
      ['priorityDate', null, '2025-05-10'],
      ['priorityApplicationNumber', null, '63/123,456'],
      ['priorityCountry', null, 'US'],
      ['filingDate', null, '2026-03-02'],
      ['applicationNumber', null, 'GB2604321.7'],
    ])

    const publication = await setDates(user.token, application.id, {
      ...filing.dates,
      publicationDate: '2026-09-17',
      publicationNumber: 'GB2645678A',
    })
    const published = publication.json() as Filing
    expect(published.dates.publicationNumber).toBe('GB2645678 A')
    expect(due(published).examination).toBe('2027-03-17')
    expect(published.history).toHaveLength(7)
    expect(published.history.at(-1)).toMatchObject({
      label: "'A' publication number",
      changedBy: { id: user.id, isAdmin: false },
    })
  })

  it('lets an administrator record dates; hides the application from other users', async () => {
    const { user, application } = await withApplication()
    expect((await setDates(admin.token, application.id, { filingDate: '2026-01-31' })).statusCode).toBe(200)
    const filing = (
      await t.request('GET', `/api/patents/${application.id}/filing`, { token: user.token })
    ).json()
    expect(filing.history[0]).toMatchObject({ field: 'filingDate', changedBy: { isAdmin: true } })

    const stranger = await t.registerUser()
    expect((await setDates(stranger.token, application.id, { filingDate: '2026-02-01' })).statusCode).toBe(
      404,
    )
    expect(
      (await t.request('GET', `/api/patents/${application.id}/filing`, { token: stranger.token })).statusCode,
    ).toBe(404)
    expect((await t.request('GET', `/api/patents/${application.id}/filing`)).statusCode).toBe(401)
  })

  it.each([
    [
      'applicationNumber',
      { filingDate: '2026-01-01', applicationNumber: 'GB123' },
      filingMessages.applicationNumber,
    ],
    [
      'publicationNumber',
      { filingDate: '2026-01-01', publicationNumber: 'EP1234567 A1' },
      filingMessages.publicationNumber,
    ],
    ['priorityDate', { priorityDate: '2026-02-30' }, filingMessages.date],
    [
      'priorityCountry',
      { priorityDate: '2025-01-01', priorityApplicationNumber: '1' },
      filingMessages.priorityIncomplete,
    ],
    [
      'priorityDate',
      {
        priorityDate: '2026-02-01',
        priorityApplicationNumber: '1',
        priorityCountry: 'US',
        filingDate: '2026-01-01',
      },
      filingMessages.priorityAfterFiling,
    ],
    [
      'priorityDate',
      {
        priorityDate: '2024-10-01',
        priorityApplicationNumber: '1',
        priorityCountry: 'US',
        filingDate: '2025-12-02',
      },
      filingMessages.priorityTooOld,
    ],
    ['grantDate', { grantDate: '2027-01-01' }, filingMessages.needsFiling],
    [
      'publicationDate',
      { filingDate: '2026-01-01', publicationDate: '2025-12-31' },
      filingMessages.beforeFiling,
    ],
    ['filingDate', { filingDate: 20260101 }, filingMessages.date],
    ['filingDate', { filingDate: '2026-02-31' }, filingMessages.date],
    ['filingDate', { filingDate: '2025-02-29' }, filingMessages.date],
    ['grantDate', { filingDate: '2026-01-01', grantDate: '2026-13-01' }, filingMessages.date],
    // The API reads YYYY-MM-DD only: the UK order is the form's to turn into it.
    ['publicationDate', { filingDate: '2026-01-01', publicationDate: '02/03/2026' }, filingMessages.date],
  ])('refuses a bad %s with a clear message and stores nothing', async (field, dates, message) => {
    const { user, application } = await withApplication()
    await setDates(user.token, application.id, { filingDate: '2025-06-01' })
    const response = await setDates(user.token, application.id, dates as Record<string, string>)
    expect(response.statusCode).toBe(400)
    expect(json(response).fields).toMatchObject({ [field]: message })
    const filing = (
      await t.request('GET', `/api/patents/${application.id}/filing`, { token: user.token })
    ).json()
    expect(filing.dates.filingDate).toBe('2025-06-01')
    expect(filing.history).toHaveLength(1)
  })

  it('accepts a priority claim filed in months 13–14 and asks for the late declaration', async () => {
    const { user, application } = await withApplication()
    const response = await setDates(user.token, application.id, {
      priorityDate: '2025-01-15',
      priorityApplicationNumber: 'EP25150001',
      priorityCountry: 'EP',
      filingDate: '2026-02-20',
    })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Filing).deadlines.find((d) => d.id === 'late-priority')?.dueDate).toBe(
      '2026-03-15',
    )
  })

  it('treats empty strings from a form as "not known"', async () => {
    const { user, application } = await withApplication()
    const response = await setDates(user.token, application.id, { filingDate: '2026-01-05', grantDate: '' })
    expect(response.statusCode).toBe(200)
    expect((response.json() as Filing).dates.grantDate).toBeNull()
  })
})

describe('ticking off deadlines', () => {
  it('marks a manual deadline done and reopens it, in the history', async () => {
    const { user, application } = await withApplication()
    await setDates(user.token, application.id, { filingDate: '2030-01-10' })
    const url = `/api/patents/${application.id}/filing/deadlines/inventorship`
    const done = (await t.request('PUT', url, { token: user.token, body: { done: true } })).json() as Filing
    expect(done.deadlines.find((d) => d.id === 'inventorship')).toMatchObject({ status: 'done' })
    const again = (await t.request('PUT', url, { token: user.token, body: { done: true } })).json() as Filing
    expect(again.history.filter((h) => h.field === 'deadline:inventorship')).toHaveLength(1)
    const reopened = (
      await t.request('PUT', url, { token: user.token, body: { done: false } })
    ).json() as Filing
    expect(reopened.deadlines.find((d) => d.id === 'inventorship')?.status).toBe('open')
    expect(reopened.history.at(-1)).toMatchObject({
      field: 'deadline:inventorship',
      label: 'Statement of inventorship',
      fromValue: 'done',
      toValue: 'open',
    })
  })

  it('refuses deadlines that recorded dates settle, unknown ones and bad bodies', async () => {
    const { user, application } = await withApplication()
    await setDates(user.token, application.id, { filingDate: '2030-01-10' })
    const put = (id: string, body: unknown) =>
      t.request('PUT', `/api/patents/${application.id}/filing/deadlines/${id}`, { token: user.token, body })
    expect(json(await put('compliance', { done: true }))).toMatchObject({
      message: filingMessages.deadlineSettledByDate,
    })
    expect((await put('compliance', { done: true })).statusCode).toBe(409)
    expect((await put('renewal-5', { done: true })).statusCode).toBe(404)
    expect((await put('inventorship', { done: 'yes' })).statusCode).toBe(400)
    expect((await put('DROP TABLE', { done: true })).statusCode).toBe(400)
  })
})

describe('calendar export', () => {
  it('answers an iCalendar file of the open deadlines with 30- and 7-day alarms', async () => {
    const { user, application } = await withApplication()
    await setDates(user.token, application.id, { filingDate: '2030-01-10' })
    await t.request('PUT', `/api/patents/${application.id}/filing/deadlines/inventorship`, {
      token: user.token,
      body: { done: true },
    })
    const response = await t.request('GET', `/api/patents/${application.id}/deadlines.ics`, {
      token: user.token,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/calendar/)
    expect(response.headers['content-disposition']).toContain(`${application.reference}-deadlines.ics`)
    const ics = response.body
    expect(ics).toMatch(/^BEGIN:VCALENDAR/)
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(4)
    expect(ics).toContain(`UID:${application.reference}-claims-fees-search@patentdesk`)
    expect(ics).toContain('DTSTART;VALUE=DATE:20310110')
    expect(ics).not.toContain('inventorship@patentdesk')
    expect(ics).toContain('TRIGGER:-PT720H')
    expect(ics).toContain('TRIGGER:-PT168H')
  })
})

describe('upcoming deadlines', () => {
  it("lists the next open deadlines of the user's own applications, soonest first", async () => {
    const { user, application } = await withApplication()
    const second = await t.createApplication(user.token, { title: 'Second tripod head' })
    await setDates(user.token, application.id, { filingDate: '2030-01-10' })
    await setDates(user.token, second.id, { filingDate: '2029-06-01' })
    const other = await withApplication()
    await setDates(other.user.token, other.application.id, { filingDate: '2028-01-01' })

    const list = (
      await t.request('GET', '/api/deadlines/upcoming', { token: user.token })
    ).json() as UpcomingDeadline[]
    expect(list).toHaveLength(5)
    expect(list.map((u) => [u.reference, u.deadline.id, u.deadline.dueDate])).toEqual(
      [
        [second.reference, 'claims-fees-search', '2030-06-01'],
        [second.reference, 'inventorship', '2030-10-01'],
        [application.reference, 'claims-fees-search', '2031-01-10'],
        [second.reference, 'publication', '2030-12-01'],
        [application.reference, 'inventorship', '2031-05-10'],
      ].sort((a, b) => (a[2] as string).localeCompare(b[2] as string)),
    )
  })
})

describe('deadline reminders', () => {
  const remindersOf = async (userId: number) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) =>
      n.dedupeKey?.startsWith('deadline:'),
    )

  it('notifies 30 and 7 days ahead, once, across reruns and restarts', async () => {
    const { user, application } = await withApplication()
    await setDates(user.token, application.id, { filingDate: '2031-03-01' })
    // claims-fees-search is due 2032-03-01; inventorship 2032-07-01
    await t.services.filing.sendReminders('2032-01-15')
    expect(await remindersOf(user.id)).toHaveLength(0)

    await t.services.filing.sendReminders('2032-02-01')
    const first = await remindersOf(user.id)
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({
      applicationId: application.id,
      title: 'Deadline in 29 days',
      dedupeKey: `deadline:${application.id}:claims-fees-search:2032-03-01:30`,
    })
    expect(first[0]?.message).toContain('is due on 1 March 2032 (Patents Rules 2007 r.22)')

    await t.services.filing.sendReminders('2032-02-02')
    const restarted = createFilingService({
      db: t.database.db,
      applications: t.services.applications,
      notifications: t.services.notifications,
      activity: t.services.activity,
    })
    await restarted.sendReminders('2032-02-03')
    expect(await remindersOf(user.id)).toHaveLength(1)

    await restarted.sendReminders('2032-02-25')
    const keys = (await remindersOf(user.id)).map((n) => n.dedupeKey)
    expect(keys).toEqual([
      `deadline:${application.id}:claims-fees-search:2032-03-01:30`,
      `deadline:${application.id}:claims-fees-search:2032-03-01:7`,
    ])
  })

  it('skips deadlines ticked off, and reminds again when a date changes', async () => {
    const { user, application } = await withApplication()
    await setDates(user.token, application.id, { filingDate: '2033-03-01' })
    await t.request('PUT', `/api/patents/${application.id}/filing/deadlines/claims-fees-search`, {
      token: user.token,
      body: { done: true },
    })
    await t.services.filing.sendReminders('2034-02-20')
    expect(await remindersOf(user.id)).toHaveLength(0)

    await t.request('PUT', `/api/patents/${application.id}/filing/deadlines/claims-fees-search`, {
      token: user.token,
      body: { done: false },
    })
    expect(await t.services.filing.sendReminders('2034-02-20')).toBe(1)
    await setDates(user.token, application.id, { filingDate: '2033-03-08' })
    expect(await t.services.filing.sendReminders('2034-02-20')).toBe(1)
    expect(await remindersOf(user.id)).toHaveLength(2)
  })
})

describe('filing-ready export', () => {
  it('renders the stored application as PDF and DOCX for its owner and administrators only', async () => {
    const { user, application } = await withApplication()
    await setDates(user.token, application.id, { filingDate: '2026-03-02', applicationNumber: 'GB2604321.7' })
    const pdf = await t.request('GET', `/api/patents/${application.id}/export.pdf`, { token: user.token })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.headers['content-disposition']).toContain(`filename="${application.reference}.pdf"`)
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload))
    const { text } = await extractText(document, { mergePages: true })
    expect(text).toContain(application.title)
    expect(text).toContain('GB2604321.7')
    expect(text.indexOf('CLAIMS')).toBeLessThan(text.indexOf('ABSTRACT'))

    const docx = await t.request('GET', `/api/patents/${application.id}/export.docx`, { token: admin.token })
    expect(docx.statusCode).toBe(200)
    expect(docx.headers['content-disposition']).toContain(`${application.reference}.docx`)
    const { value } = await mammoth.extractRawText({ buffer: docx.rawPayload })
    expect(value).toContain(application.claims[1])

    const stranger = await t.registerUser()
    expect(
      (await t.request('GET', `/api/patents/${application.id}/export.pdf`, { token: stranger.token }))
        .statusCode,
    ).toBe(404)
    expect((await t.request('GET', `/api/patents/${application.id}/export.docx`)).statusCode).toBe(401)
  })
})
