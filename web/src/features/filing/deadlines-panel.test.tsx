import type { Filing } from '@patentdesk/contract/filing'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { filingQueryOptions, upcomingDeadlinesQueryOptions } from './api'
import { buildDeadline, buildFiling, buildFilingChange, buildRenewals } from './filing-factories'
import { FilingTab } from './filing-tab'

function renderPanel(filing: Filing) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(filingQueryOptions(1).queryKey, filing)
  queryClient.setQueryData(upcomingDeadlinesQueryOptions.queryKey, [])
  return renderWithProviders(
    <>
      <FilingTab application={{ id: 1, reference: 'PA-2026-00001' }} />
      <Toaster />
    </>,
    { queryClient },
  )
}

const rowOf = (id: string) => {
  const row = document.querySelector(`tr[data-deadline="${id}"]`)
  if (!(row instanceof HTMLElement)) throw new Error(`No row for ${id}`)
  return within(row)
}
const shownDeadlines = () =>
  Array.from(document.querySelectorAll('tr[data-deadline]'), (row) => row.getAttribute('data-deadline'))

describe('DeadlinesPanel', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows each deadline with its date, days left, rule, extension and status', () => {
    renderPanel(
      buildFiling({
        deadlines: [
          buildDeadline({ key: 'inventorship', dueDate: '2026-04-25', daysLeft: -3, status: 'overdue' }),
          buildDeadline({ key: 'examination', dueDate: '2026-05-10', daysLeft: 12 }),
          buildDeadline({
            key: 'publication',
            dueDate: '2026-09-02',
            daysLeft: 127,
            estimated: true,
            note: 'Falls on a Saturday: the period runs to Monday 4 September 2026 (r.110).',
          }),
          buildDeadline({ key: 'compliance', dueDate: '2030-09-02', daysLeft: 1588, status: 'done' }),
          buildDeadline({ key: 'claims-fees-search', dueDate: '2026-04-28', daysLeft: 0 }),
        ],
      }),
    )
    const examination = rowOf('examination')
    expect(examination.getByText('Request for substantive examination')).toBeTruthy()
    expect(examination.getByText('10 May 2026')).toBeTruthy()
    expect(examination.getByText('in 12 days')).toBeTruthy()
    expect(examination.getByText('Patents Rules 2007 r.28')).toBeTruthy()
    expect(examination.getByText(/Extendable by 2 months as of right on Patents Form 52/)).toBeTruthy()
    expect(examination.getByText('Due soon')).toBeTruthy()
    expect(examination.getByText('The IPO sends no reminder')).toBeTruthy()
    expect(examination.queryByText('estimated')).toBeNull()

    expect(rowOf('inventorship').getByText('3 days overdue')).toBeTruthy()
    expect(rowOf('inventorship').getByText('Overdue')).toBeTruthy()
    expect(rowOf('claims-fees-search').getByText('today')).toBeTruthy()
    expect(rowOf('claims-fees-search').queryByText('The IPO sends no reminder')).toBeNull()

    const publication = rowOf('publication')
    expect(publication.getByText('Open')).toBeTruthy()
    expect(publication.getByText('estimated')).toBeTruthy()
    expect(publication.getByText(/Falls on a Saturday/)).toBeTruthy()
    // An office event: nothing for the applicant to be reminded of or to tick off.
    expect(publication.queryByText('The IPO sends no reminder')).toBeNull()
    expect(publication.queryByRole('button')).toBeNull()

    expect(rowOf('compliance').getByText('Done')).toBeTruthy()
    expect(rowOf('compliance').getByRole('button', { name: 'Reopen' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download calendar (.ics)' })).toBeTruthy()
  })

  it('marks a deadline done and shows the answer', async () => {
    const examination = buildDeadline({ key: 'examination' })
    const answer = buildFiling({
      deadlines: [{ ...examination, status: 'done', completedAt: '2026-04-28T10:00:00.000Z' }],
      history: [
        buildFilingChange({
          field: 'deadline:examination',
          label: examination.title,
          fromValue: 'open',
          toValue: 'done',
        }),
      ],
    })
    const calls = stubApi({ 'PUT /api/patents/1/filing/deadlines/*': answer })
    const { user } = renderPanel(buildFiling({ deadlines: [examination] }))
    await user.click(rowOf('examination').getByRole('button', { name: 'Mark done' }))

    expect(await rowOf('examination').findByRole('button', { name: 'Reopen' })).toBeTruthy()
    expect(rowOf('examination').getByText('Done')).toBeTruthy()
    const [request] = calls
    expect(request?.path).toBe('/api/patents/1/filing/deadlines/examination')
    expect(request?.method).toBe('PUT')
    expect(request?.body).toEqual({ done: true })
    const change = screen.getAllByRole('row').at(-1) as HTMLElement
    expect(
      within(change)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining([examination.title, 'Open', 'Done']))
  })

  it('tells the user when the deadline could not be updated', async () => {
    stubApi({
      'PUT /api/patents/1/filing/deadlines/*': [
        403,
        { error: 'FORBIDDEN', message: 'Only the owner may do this.' },
      ],
    })
    const { user } = renderPanel(buildFiling({ deadlines: [buildDeadline()] }))
    await user.click(screen.getByRole('button', { name: 'Mark done' }))
    expect(await screen.findByText('Could not update the deadline')).toBeTruthy()
    expect(screen.getByText('Only the owner may do this.')).toBeTruthy()
  })

  it('shows the next two renewals, and all of them on request', async () => {
    const { user } = renderPanel(
      buildFiling({
        deadlines: [
          buildDeadline(),
          ...buildRenewals([5], { status: 'done' }),
          ...buildRenewals([6, 7, 8, 9, 10]),
        ],
      }),
    )
    expect(shownDeadlines()).toEqual(['examination', 'renewal-6', 'renewal-7'])
    await user.click(screen.getByRole('button', { name: 'Show all renewals (6)' }))
    expect(shownDeadlines()).toEqual([
      'examination',
      'renewal-5',
      'renewal-6',
      'renewal-7',
      'renewal-8',
      'renewal-9',
      'renewal-10',
    ])
    await user.click(screen.getByRole('button', { name: 'Show the next renewals only' }))
    expect(shownDeadlines()).toHaveLength(3)
  })

  it('asks for a starting date while neither the filing nor the priority date is known', () => {
    renderPanel(buildFiling({ dates: { filingDate: null } }))
    expect(
      screen.getByText('Enter the priority date or the UK filing date to see the deadlines.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Download calendar (.ics)' })).toBeNull()
  })

  it('downloads the calendar as <reference>-deadlines.ics', async () => {
    const calls = stubApi({
      'GET /api/patents/1/deadlines.ics': new Response('BEGIN:VCALENDAR', {
        headers: { 'Content-Type': 'text/calendar' },
      }),
    })
    // jsdom has no object URLs; the spy needs a method to wrap.
    URL.createObjectURL ??= () => ''
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:calendar')
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { user } = renderPanel(buildFiling({ deadlines: [buildDeadline()] }))
    await user.click(screen.getByRole('button', { name: 'Download calendar (.ics)' }))
    await waitFor(() => expect(names).toEqual(['PA-2026-00001-deadlines.ics']))
    expect(calls[0]?.path).toBe('/api/patents/1/deadlines.ics')
  })
})
