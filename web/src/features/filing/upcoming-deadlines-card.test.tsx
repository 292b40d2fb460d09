import type { UpcomingDeadline } from '@patentdesk/contract/filing'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { upcomingDeadlinesQueryOptions } from './api'
import { buildDeadline, buildUpcomingDeadline } from './filing-factories'
import { UpcomingDeadlinesCard } from './upcoming-deadlines-card'

function renderCard(upcoming: UpcomingDeadline[]) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(upcomingDeadlinesQueryOptions.queryKey, upcoming)
  return renderWithProviders(<UpcomingDeadlinesCard />, { path: '/dashboard', queryClient })
}

describe('UpcomingDeadlinesCard', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists each deadline with its date, days left and application, in the order the server sent', () => {
    renderCard([
      buildUpcomingDeadline({
        applicationId: 3,
        title: 'Soil sensor',
        deadline: buildDeadline({
          key: 'inventorship',
          dueDate: '2026-04-25',
          daysLeft: -3,
          status: 'overdue',
        }),
      }),
      buildUpcomingDeadline({
        applicationId: 5,
        title: 'Solar pump',
        deadline: buildDeadline({ key: 'examination', dueDate: '2026-05-10', daysLeft: 12 }),
      }),
    ])
    expect(screen.getByRole('heading', { name: 'Upcoming Deadlines' })).toBeTruthy()
    const [first, second] = screen.getAllByRole('listitem').map((item) => within(item))
    expect(first?.getByText('25 April 2026')).toBeTruthy()
    expect(first?.getByText('3 days overdue')).toBeTruthy()
    expect(first?.getByText('Statement of inventorship')).toBeTruthy()
    expect(first?.getByText('Overdue')).toBeTruthy()
    expect(first?.getByRole('link').getAttribute('href')).toBe('/patents/3')
    expect(first?.getByRole('link').textContent).toBe('PA-2026-00003 · Soil sensor')

    expect(second?.getByText('10 May 2026')).toBeTruthy()
    expect(second?.getByText('in 12 days')).toBeTruthy()
    expect(second?.getByText('Request for substantive examination')).toBeTruthy()
    expect(second?.getByText('Due soon')).toBeTruthy()
    expect(second?.getByRole('link', { name: 'PA-2026-00005 · Solar pump' }).getAttribute('href')).toBe(
      '/patents/5',
    )
  })

  it('says when nothing is due', () => {
    renderCard([])
    expect(screen.getByText('No upcoming deadlines.')).toBeTruthy()
  })

  it('loads the list from the server', async () => {
    const calls = stubApi({ 'GET /api/deadlines/upcoming': [buildUpcomingDeadline()] })
    renderWithProviders(<UpcomingDeadlinesCard />)
    expect(await screen.findByText('Request for substantive examination')).toBeTruthy()
    expect(calls[0]?.path).toBe('/api/deadlines/upcoming')
  })
})
