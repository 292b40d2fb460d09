import { addPeriod } from '@patentdesk/contract/calendar-dates'
import { londonToday } from '@patentdesk/contract/common'
import { noUkDates as none } from '@patentdesk/contract/filing'
import { periods, reminderDays } from '@patentdesk/contract/uk-rules'
import { describe, expect, it } from 'vitest'
import { computeDeadlines, type FilingDates, reminderWindow } from './deadlines'

const dueDates = (dates: Partial<FilingDates>, today = '2020-01-01') =>
  Object.fromEntries(computeDeadlines({ ...none, ...dates }, { today }).map((d) => [d.id, d.dueDate]))

describe('periods run from the day after the start date', () => {
  it.each([
    // 12 months from 10 May ends on 10 May (the issue's own example)
    ['2025-05-10', periods.priority, '2026-05-10'],
    // no matching day: the period ends on the last day of the month
    ['2025-08-31', { months: 6 }, '2026-02-28'],
    ['2023-08-31', periods.publication, '2025-02-28'],
    ['2022-08-31', periods.publication, '2024-02-29'],
    ['2026-01-31', periods.claimsFromFiling, '2026-03-31'],
    // from a leap day
    ['2024-02-29', periods.priority, '2025-02-28'],
    ['2024-02-29', periods.latePriority, '2025-04-29'],
    ['2024-02-29', periods.complianceFromEarliest, '2028-08-29'],
    ['2024-02-29', { months: 48 }, '2028-02-29'],
  ])('%s + %o → %s', (from, period, expected) => {
    expect(addPeriod(from, period)).toBe(expected)
  })
})

describe('computeDeadlines', () => {
  it('has nothing to compute before a priority or filing date is known', () => {
    expect(computeDeadlines(none, { today: '2026-01-01' })).toEqual([])
  })

  it.each<[string, Partial<FilingDates>, Record<string, string>]>([
    [
      'priority claimed, filed inside the priority year',
      { priorityDate: '2025-05-10', filingDate: '2026-03-02' },
      {
        priority: '2026-05-10',
        'claims-fees-search': '2026-05-10',
        inventorship: '2026-09-10',
        publication: '2026-11-10',
        examination: '2027-05-10',
        compliance: '2029-11-10',
      },
    ],
    [
      'no priority, filed on a month end',
      { filingDate: '2026-01-31' },
      {
        'claims-fees-search': '2027-01-31',
        inventorship: '2027-05-31',
        publication: '2027-07-31',
        examination: '2028-01-31',
        compliance: '2030-07-31',
      },
    ],
    [
      'filed near the end of the priority year: 2 months from filing is later (r.22)',
      { priorityDate: '2025-01-01', filingDate: '2025-12-15' },
      {
        priority: '2026-01-01',
        'claims-fees-search': '2026-02-15',
        inventorship: '2026-05-01',
        publication: '2026-07-01',
        examination: '2027-01-01',
        compliance: '2029-07-01',
      },
    ],
    [
      'priority from a leap day',
      { priorityDate: '2024-02-29', filingDate: '2025-02-20' },
      {
        priority: '2025-02-28',
        'claims-fees-search': '2025-04-20',
        inventorship: '2025-06-29',
        publication: '2025-08-29',
        examination: '2026-02-28',
        compliance: '2028-08-29',
      },
    ],
    [
      "examination runs from the recorded 'A' publication (r.28)",
      { filingDate: '2022-08-31', publicationDate: '2024-03-07' },
      {
        'claims-fees-search': '2023-08-31',
        inventorship: '2023-12-31',
        publication: '2024-03-07',
        examination: '2024-09-07',
        compliance: '2027-02-28',
      },
    ],
    [
      'compliance: 12 months from a late first examination report wins (r.30)',
      { filingDate: '2020-01-10', firstExaminationReportDate: '2024-01-20' },
      {
        'claims-fees-search': '2021-01-10',
        inventorship: '2021-05-10',
        publication: '2021-07-10',
        examination: '2022-01-10',
        compliance: '2025-01-20',
      },
    ],
    [
      'compliance: 4 years 6 months wins over an early report',
      { filingDate: '2020-01-10', firstExaminationReportDate: '2021-06-01' },
      {
        'claims-fees-search': '2021-01-10',
        inventorship: '2021-05-10',
        publication: '2021-07-10',
        examination: '2022-01-10',
        compliance: '2024-07-10',
      },
    ],
  ])('%s', (_, dates, expected) => {
    expect(dueDates(dates)).toEqual(expected)
  })

  it('asks for a late declaration when filed in months 13–14 (s.5(2B))', () => {
    const deadlines = computeDeadlines(
      { ...none, priorityDate: '2025-01-15', filingDate: '2026-02-20' },
      { today: '2026-02-21' },
    )
    const priority = deadlines.find((d) => d.id === 'priority')
    expect(priority).toMatchObject({ status: 'overdue', manual: false })
    expect(priority?.note).toMatch(/late declaration/)
    expect(deadlines.find((d) => d.id === 'late-priority')).toMatchObject({
      dueDate: '2026-03-15',
      status: 'open',
      manual: true,
    })
  })

  it('shows the late declaration once the priority year has passed unfiled, not before', () => {
    const before = computeDeadlines({ ...none, priorityDate: '2025-01-15' }, { today: '2026-01-15' })
    expect(before.map((d) => d.id)).toEqual(['priority'])
    const after = computeDeadlines({ ...none, priorityDate: '2025-01-15' }, { today: '2026-01-16' })
    expect(after.map((d) => [d.id, d.status])).toEqual([
      ['priority', 'overdue'],
      ['late-priority', 'open'],
    ])
  })

  it('renewals: end of the month of each anniversary from the 4th, years 5 to 20 (r.37)', () => {
    const renewals = computeDeadlines(
      { ...none, filingDate: '2024-02-29', grantDate: '2026-06-01' },
      { today: '2026-07-01' },
    ).filter((d) => d.key === 'renewal')
    expect(renewals).toHaveLength(16)
    expect(renewals.slice(0, 3).map((d) => [d.id, d.dueDate])).toEqual([
      ['renewal-5', '2028-02-29'],
      ['renewal-6', '2029-02-28'],
      ['renewal-7', '2030-02-28'],
    ])
    expect(renewals.at(-1)).toMatchObject({
      id: 'renewal-20',
      dueDate: '2043-02-28',
      title: 'Renewal fee (year 20)',
    })
  })

  it('renewals already due at a late grant fall due 3 months after grant (r.37(4))', () => {
    const due = dueDates({ filingDate: '2019-05-10', grantDate: '2024-01-15' })
    expect(due['renewal-5']).toBe('2024-04-14')
    expect(due['renewal-6']).toBe('2024-05-31')
    const grantedJustBefore = dueDates({ filingDate: '2019-05-10', grantDate: '2023-04-01' })
    expect(grantedJustBefore['renewal-5']).toBe('2023-06-30')
  })

  it('settles deadlines by recorded dates and by the owner ticking them off', () => {
    const completed = new Map([['inventorship', new Date('2026-04-01T10:00:00Z')]])
    const deadlines = computeDeadlines(
      { ...none, filingDate: '2025-01-10', publicationDate: '2026-07-10', grantDate: '2027-01-01' },
      { today: '2026-06-01', completed },
    )
    const byId = Object.fromEntries(deadlines.map((d) => [d.id, d]))
    expect(byId.inventorship).toMatchObject({ status: 'done', completedAt: '2026-04-01T10:00:00.000Z' })
    expect(byId.publication).toMatchObject({ status: 'done', event: true, manual: false })
    expect(byId.compliance).toMatchObject({ status: 'done', manual: false })
    expect(byId['claims-fees-search']).toMatchObject({ status: 'overdue', daysLeft: -142 })
    expect(byId.examination).toMatchObject({ status: 'open', estimated: false, ipoReminder: false })
  })

  it('says when a date falls on a weekend, and days left count calendar days', () => {
    const [inventorship] = computeDeadlines(
      { ...none, filingDate: '2025-07-28' },
      { today: '2026-11-22' },
    ).filter((d) => d.id === 'inventorship')
    // 28 November 2026 is a Saturday
    expect(inventorship).toMatchObject({ dueDate: '2026-11-28', daysLeft: 6, status: 'open' })
    expect(inventorship?.note).toMatch(/Saturday.*r\.110/)
  })

  it('marks an expected examination date as an estimate until publication is recorded', () => {
    const [examination] = computeDeadlines(
      { ...none, filingDate: '2026-01-31' },
      { today: '2026-02-01' },
    ).filter((d) => d.id === 'examination')
    expect(examination).toMatchObject({
      estimated: true,
      basis: expect.stringMatching(/expected 'A' publication/),
    })
  })
})

describe('reminderWindow', () => {
  const deadlineIn = (daysLeft: number) =>
    computeDeadlines({ ...none, filingDate: '2026-01-31' }, { today: '2026-01-31' })
      .filter((d) => d.id === 'inventorship')
      .map((d) => ({ ...d, daysLeft }))[0] as NonNullable<ReturnType<typeof computeDeadlines>[number]>

  it.each([
    [45, null],
    [31, null],
    [30, 30],
    [8, 30],
    [7, 7],
    [0, 7],
    [-1, null],
  ])('%i days left → %s', (days, expected) => {
    expect(reminderWindow(deadlineIn(days), reminderDays)).toBe(expected)
  })

  it('never reminds of done deadlines or office events', () => {
    expect(reminderWindow({ ...deadlineIn(5), status: 'done' }, reminderDays)).toBeNull()
    expect(reminderWindow({ ...deadlineIn(5), event: true }, reminderDays)).toBeNull()
  })
})

describe('londonToday', () => {
  it('uses the London calendar day', () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST)
    expect(londonToday(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01')
    expect(londonToday(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31')
  })
})

describe('office events', () => {
  it('keeps an unrecorded publication open with a note once its expected date has passed', () => {
    const [publication] = computeDeadlines(
      { ...none, filingDate: '2024-01-10' },
      { today: '2026-11-22' },
    ).filter((d) => d.id === 'publication')
    expect(publication).toMatchObject({ status: 'open', event: true, daysLeft: -500 })
    expect(publication?.note).toMatch(/record the date/)
  })
})
