import { messages } from '@patentdesk/contract/errors'
import { filingMessages, noUkDates } from '@patentdesk/contract/filing'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { formatDateTime } from '@/lib/format'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { filingQueryOptions, upcomingDeadlinesQueryOptions } from './api'
import { buildFiling, buildFilingChange } from './filing-factories'
import { FilingTab } from './filing-tab'

function renderTab(filing = buildFiling()) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(filingQueryOptions(1).queryKey, filing)
  queryClient.setQueryData(upcomingDeadlinesQueryOptions.queryKey, [])
  const rendered = renderWithProviders(
    <>
      <FilingTab application={{ id: 1, reference: 'PA-2026-00001' }} />
      <Toaster />
    </>,
    { queryClient },
  )
  return { ...rendered, queryClient }
}

async function openForm(filing = buildFiling()) {
  const rendered = renderTab(filing)
  await rendered.user.click(screen.getByRole('button', { name: 'Edit dates' }))
  return rendered
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
/** The value the summary shows under a label. */
const recorded = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
const save = () => screen.getByRole('button', { name: 'Save' })

describe('UK dates', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('summarises the recorded dates and the changes to them', () => {
    renderTab(
      buildFiling({
        dates: { applicationNumber: 'GB2301234.5' },
        history: [buildFilingChange({ fromValue: '2026-03-01' })],
      }),
    )
    expect(recorded('UK filing date')).toBe('2 March 2026')
    expect(screen.getByText('GB2301234.5')).toBeTruthy()
    expect(recorded('Grant date')).toBe('Not recorded')
    const change = screen.getAllByRole('row').at(-1) as HTMLElement
    expect(
      within(change)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'UK filing date',
      '1 March 2026',
      '2 March 2026',
      'Alice Inventor',
      formatDateTime('2026-03-03T09:00:00.000Z'),
    ])
  })

  it('refuses an application number in the wrong form without asking the server', async () => {
    const calls = stubApi()
    const { user } = await openForm()
    await user.type(field('UK application number'), 'GB123')
    await user.click(save())
    expect(await screen.findByText(filingMessages.applicationNumber)).toBeTruthy()
    expect(field('UK application number').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
  })

  it.each(['31/02/2026', '2026-03-02', 'March'])(
    'refuses the date %s in the form, with the contract message, without asking the server',
    async (text) => {
      const calls = stubApi()
      const { user } = await openForm()
      await user.clear(field('UK filing date'))
      await user.type(field('UK filing date'), text)
      await user.click(save())
      const error = await screen.findByText(messages.ukDate)
      expect(field('UK filing date').getAttribute('aria-invalid')).toBe('true')
      expect(field('UK filing date').getAttribute('aria-describedby')).toContain(error.id)
      expect(calls).toEqual([])
    },
  )

  it('shows the recorded dates day first, with the hint', async () => {
    await openForm()
    expect(field('UK filing date').value).toBe('02/03/2026')
    expect(field('UK filing date').placeholder).toBe('dd/mm/yyyy')
    expect(
      screen.getByRole('textbox', { name: 'UK filing date', description: 'For example, 02/03/2026' }),
    ).toBeTruthy()
  })

  it('asks for the whole priority claim once any part of it is entered', async () => {
    const { user } = await openForm()
    await user.type(field('Priority date'), '10/05/2025')
    await user.click(save())
    expect(await screen.findAllByText(filingMessages.priorityIncomplete)).toHaveLength(2)
    expect(field('Earlier application number').getAttribute('aria-invalid')).toBe('true')
    expect(field('Earlier application country').getAttribute('aria-invalid')).toBe('true')
    expect(field('Priority date').getAttribute('aria-invalid')).toBeNull()
  })

  it('sends the dates with the empty fields as null and shows what the server recorded', async () => {
    const saved = buildFiling({
      dates: { priorityDate: '2025-05-10', priorityApplicationNumber: '63/123,456', priorityCountry: 'US' },
    })
    const calls = stubApi({ 'PUT /api/patents/1/filing/dates': saved })
    const { user, queryClient } = await openForm()
    await user.type(field('Priority date'), '10/05/2025')
    await user.type(field('Earlier application number'), '63/123,456')
    await user.type(field('Earlier application country'), 'us')
    await user.click(save())

    expect(await screen.findByText('Dates saved')).toBeTruthy()
    const [request] = calls
    expect(request?.path).toBe('/api/patents/1/filing/dates')
    expect(request?.method).toBe('PUT')
    expect(request?.body).toEqual({
      ...noUkDates,
      priorityDate: '2025-05-10',
      priorityApplicationNumber: '63/123,456',
      priorityCountry: 'US',
      filingDate: '2026-03-02',
    })
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    expect(recorded('Priority date')).toBe('10 May 2025')
    expect(queryClient.getQueryState(upcomingDeadlinesQueryOptions.queryKey)?.isInvalidated).toBe(true)
  })

  it('shows the server’s refusal at the field it names', async () => {
    const message = 'This application number is recorded for PA-2026-00002.'
    stubApi({
      'PUT /api/patents/1/filing/dates': [
        400,
        { error: 'BAD_REQUEST', message: 'Invalid dates.', fields: { applicationNumber: message } },
      ],
    })
    const { user } = await openForm()
    await user.type(field('UK application number'), 'GB2301234.5')
    await user.click(save())
    expect(await screen.findByText(message)).toBeTruthy()
    expect(field('UK application number').getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByText('Invalid dates.')).toBeNull()
  })

  it('puts the recorded values back on Cancel', async () => {
    const { user } = await openForm()
    await user.type(field('UK application number'), 'GB2301234.5')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(recorded('UK application number')).toBe('Not recorded')
    await user.click(screen.getByRole('button', { name: 'Edit dates' }))
    expect(field('UK application number').value).toBe('')
    expect(field('UK filing date').value).toBe('02/03/2026')
  })
})
