import type { AdminApplication } from '@patentdesk/contract/applications'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSession } from '@/lib/session'
import { buildAdminApplication, buildAdminUser, buildApplication, testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture, seedApplicationDetail } from '@/test/seed-application-detail'
import { stubApi } from '@/test/stub-api'
import { AdminDashboard } from './admin-dashboard'
import { adminApplicationsQueryOptions, adminUsersQueryOptions } from './api'

const applications: AdminApplication[] = [
  buildAdminApplication({
    id: 1,
    title: 'Solar soil sensor',
    status: 'under_review',
    submittedAt: '2026-01-05T09:00:00.000Z',
  }),
  buildAdminApplication({ id: 2, title: 'Greenhouse glazing', status: 'approved', applicantName: null }),
  buildAdminApplication({ id: 3, title: 'Hydroponic tower', status: 'draft' }),
]

function renderAdmin() {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(adminApplicationsQueryOptions.queryKey, applications)
  queryClient.setQueryData(adminUsersQueryOptions.queryKey, [
    buildAdminUser({ id: 1, username: 'admin', isAdmin: true, organization: 'PatentDesk' }),
    buildAdminUser({ id: 2, username: 'alice' }),
  ])
  seedApplicationDetail(queryClient, { application: buildApplication({ id: 1, title: 'Solar soil sensor' }) })
  return renderWithProviders(<AdminDashboard />, { path: '/admin', queryClient })
}

const search = () => screen.getByPlaceholderText('Search applications...')
const titles = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent)

describe('AdminDashboard', () => {
  beforeAll(polyfillPointerCapture)
  beforeEach(() => startSession({ ...testUser, isAdmin: true }))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists every application with its applicant, or Unknown, and the submitted date or a dash', () => {
    renderAdmin()
    expect(titles()).toEqual(['Solar soil sensor', 'Greenhouse glazing', 'Hydroponic tower'])
    const [, unknownRow, draftRow] = screen.getAllByRole('row').slice(1)
    expect(within(unknownRow as HTMLElement).getByText('Unknown')).toBeTruthy()
    expect(within(draftRow as HTMLElement).getAllByRole('cell')[4]?.textContent).toBe('—')
  })

  it.each([
    ['PA-2026-00002', ['Greenhouse glazing']],
    ['HYDROPONIC', ['Hydroponic tower']],
    ['under_review', ['Solar soil sensor']],
    ['under review', ['Solar soil sensor']],
    ['approv', ['Greenhouse glazing']],
  ])('filters by reference, title or status with %s', async (query, expected) => {
    const { user } = renderAdmin()
    await user.type(search(), query)
    expect(titles()).toEqual(expected)
  })

  it('says so when nothing matches', async () => {
    const { user } = renderAdmin()
    await user.type(search(), 'nothing like this')
    expect(screen.getByText('No applications found matching your search criteria.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows the users with their role, and a dash for no organization', async () => {
    const { user } = renderAdmin()
    await user.click(screen.getByRole('tab', { name: 'Users' }))
    const [adminRow, aliceRow] = screen.getAllByRole('row').slice(1)
    expect(within(adminRow as HTMLElement).getByText('Admin')).toBeTruthy()
    expect(within(aliceRow as HTMLElement).getByText('Applicant')).toBeTruthy()
    expect(within(aliceRow as HTMLElement).getAllByRole('cell')[4]?.textContent).toBe('-')
  })

  it('keeps Review Application disabled until an application is chosen', async () => {
    const { user } = renderAdmin()
    const reviewTab = screen.getByRole('tab', { name: 'Review Application' })
    expect(reviewTab).toHaveProperty('disabled', true)

    const firstRow = screen.getAllByRole('row')[1] as HTMLElement
    await user.click(within(firstRow).getByRole('button', { name: 'Review' }))
    expect(reviewTab).toHaveProperty('disabled', false)
    expect(reviewTab.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('heading', { name: 'Solar soil sensor' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Back to Applications' }))
    expect(screen.getByRole('tab', { name: 'Patent Applications' }).getAttribute('aria-selected')).toBe(
      'true',
    )
  })

  it('returns to the applications list after a completed status update', async () => {
    stubApi({
      '/api/admin/patents': applications,
      '/api/patents/*/analysis': null,
      '/api/admin/patents/*/status': buildApplication(),
      '/api/patents/1': buildApplication(),
      '*': [],
    })
    const { user } = renderAdmin()
    const firstRow = screen.getAllByRole('row')[1] as HTMLElement
    await user.click(within(firstRow).getByRole('button', { name: 'Review' }))
    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    await user.click(await screen.findByRole('option', { name: 'Rejected' }))
    await user.click(screen.getByRole('button', { name: 'Update Status' }))

    const listTab = await screen.findByRole('tab', { name: 'Patent Applications', selected: true })
    expect(listTab).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Review Application' })).toHaveProperty('disabled', true)
  })
})
