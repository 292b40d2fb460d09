import type { ApplicationStatus } from '@patentdesk/contract/application-statuses'
import type { ApplicationSummary, Feedback } from '@patentdesk/contract/applications'
import type { SharedApplication } from '@patentdesk/contract/collaborators'
import type { Notification } from '@patentdesk/contract/notifications'
import type { SavedSearch } from '@patentdesk/contract/saved-searches'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sharedApplicationsQueryOptions } from '@/features/collaborators/api'
import { upcomingDeadlinesQueryOptions } from '@/features/filing/api'
import { notificationsQueryOptions } from '@/features/notifications/api'
import { savedSearchesQueryOptions } from '@/features/saved-searches/api'
import { applicationsQueryOptions, feedbackQueryOptions } from '@/lib/application-queries'
import { startSession } from '@/lib/session'
import { buildAdminApplication, buildFeedback, buildNotification, testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { Dashboard } from './dashboard'

function summary(id: number, status: ApplicationStatus, updatedDay: number): ApplicationSummary {
  const { userId, applicantName, ...rest } = buildAdminApplication({
    id,
    status,
    title: `Application ${id}`,
    updatedAt: new Date(Date.UTC(2026, 1, updatedDay)).toISOString(),
  })
  return rest
}

type Seed = {
  applications: ApplicationSummary[]
  notifications?: Notification[]
  savedSearches?: SavedSearch[]
  feedback?: Record<number, Feedback[]>
  shared?: SharedApplication[]
}

function renderDashboard({
  applications,
  notifications = [],
  savedSearches = [],
  feedback = {},
  shared = [],
}: Seed) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(applicationsQueryOptions.queryKey, applications)
  queryClient.setQueryData(sharedApplicationsQueryOptions.queryKey, shared)
  queryClient.setQueryData(notificationsQueryOptions.queryKey, notifications)
  queryClient.setQueryData(savedSearchesQueryOptions.queryKey, savedSearches)
  queryClient.setQueryData(upcomingDeadlinesQueryOptions.queryKey, [])
  for (const { id } of applications) {
    queryClient.setQueryData(feedbackQueryOptions(id).queryKey, feedback[id] ?? [])
  }
  return renderWithProviders(<Dashboard />, { path: '/dashboard', queryClient })
}

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.rounded-xl') as HTMLElement

describe('Dashboard', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('counts applications by the My Patents filters and links to each', () => {
    const statuses: ApplicationStatus[] = [
      'draft',
      'submitted',
      'under_review',
      'revision_required',
      'approved',
      'approved',
      'rejected',
    ]
    renderDashboard({ applications: statuses.map((status, index) => summary(index + 1, status, index + 1)) })
    expect(screen.getByTestId('count-active').textContent).toBe('4')
    expect(screen.getByTestId('count-pending').textContent).toBe('2')
    expect(screen.getByTestId('count-approved').textContent).toBe('2')
    expect(screen.getByRole('link', { name: /Active Applications/ }).getAttribute('href')).toBe(
      '/patents?status=active',
    )
    expect(screen.getByRole('link', { name: /Pending Review/ }).getAttribute('href')).toBe(
      '/patents?status=pending',
    )
    expect(screen.getByRole('link', { name: /Approved Patents/ }).getAttribute('href')).toBe(
      '/patents?status=approved',
    )
  })

  it('lists the three most recently updated applications', () => {
    renderDashboard({
      applications: [
        summary(1, 'draft', 3),
        summary(2, 'draft', 9),
        summary(3, 'draft', 1),
        summary(4, 'draft', 7),
        summary(5, 'draft', 5),
      ],
    })
    const items = within(card('Recent Applications')).getAllByRole('listitem')
    expect(items.map((item) => within(item).getByText(/^Application/).textContent)).toEqual([
      'Application 2',
      'Application 4',
      'Application 5',
    ])
  })

  it('shows the first three notifications', () => {
    renderDashboard({
      applications: [],
      notifications: [5, 4, 3, 2, 1].map((id) => buildNotification({ id, isRead: true })),
    })
    const items = within(card('Recent Notifications')).getAllByRole('listitem')
    expect(items.map((item) => within(item).getByText(/^Notification/).textContent)).toEqual([
      'Notification 5',
      'Notification 4',
      'Notification 3',
    ])
    expect(within(card('Recent Notifications')).getByText('0 unread')).toBeTruthy()
  })

  it('marks an unread notification read when clicked', async () => {
    const calls = stubApi({ 'PUT /api/notifications/*/read': { ok: true }, 'GET *': [] })
    const { user } = renderDashboard({ applications: [], notifications: [buildNotification({ id: 4 })] })
    await user.click(within(card('Recent Notifications')).getByRole('button', { name: /Notification 4/ }))
    expect(calls).toContainEqual(
      expect.objectContaining({ path: '/api/notifications/4/read', method: 'PUT' }),
    )
    expect(await within(card('Recent Notifications')).findByText('0 unread')).toBeTruthy()
  })

  it('shows the two newest feedback items across the recent applications', () => {
    renderDashboard({
      applications: [summary(1, 'submitted', 2), summary(2, 'submitted', 3)],
      feedback: {
        1: [
          buildFeedback({ id: 11, content: 'Oldest', day: 1 }),
          buildFeedback({ id: 12, content: 'Newest', day: 9 }),
        ],
        2: [buildFeedback({ id: 21, content: 'Middle', day: 5 })],
      },
    })
    const items = within(card('Recent Feedback')).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('.line-clamp-3')?.textContent)).toEqual([
      'Newest',
      'Middle',
    ])
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'Application 1' })
        .getAttribute('href'),
    ).toBe('/patents/1/feedback')
  })

  it('shows the empty texts', () => {
    renderDashboard({ applications: [] })
    expect(screen.getByText('No notifications')).toBeTruthy()
    expect(screen.getByText('No notifications to display')).toBeTruthy()
    expect(screen.getByText('No feedback to display')).toBeTruthy()
    expect(screen.getByText('You have no patent applications yet.')).toBeTruthy()
    expect(screen.getByText('No saved searches')).toBeTruthy()
    expect(screen.getByText('Save a search to be told when new patents match it')).toBeTruthy()
    expect(screen.getByText('Applications others share with you show here.')).toBeTruthy()
  })

  it('lists the three most recently updated applications shared with the user, with owner and role', () => {
    const shared = [3, 9, 1, 7].map(
      (day, index): SharedApplication => ({
        ...summary(20 + index, 'draft', day),
        title: `Shared ${20 + index}`,
        role: index === 1 ? 'editor' : 'viewer',
        ownerName: `Owner ${20 + index}`,
      }),
    )
    renderDashboard({ applications: [], shared })
    const panel = within(card('Shared with me'))
    expect(panel.getByText('4 applications')).toBeTruthy()
    expect(panel.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/patents?shared=1')
    const items = panel.getAllByRole('listitem')
    expect(items.map((item) => within(item).getByText(/^Shared/).textContent)).toEqual([
      'Shared 21',
      'Shared 23',
      'Shared 20',
    ])
    expect(items[0]?.textContent).toContain('Owner 21 · Editor')
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/patents/21')
  })

  it('lists the saved searches with news first, each opening its search', () => {
    const saved = (id: number, newCount: number): SavedSearch => ({
      id,
      name: `Search ${id}`,
      query: { q: `words ${id}`, sort: 'relevance', dateType: 'priority' },
      alert: 'weekly',
      newCount,
      createdAt: '2026-11-01T10:00:00.000Z',
      lastOpenedAt: null,
    })
    renderDashboard({
      applications: [],
      savedSearches: [1, 2, 3, 4, 5].map((id) => saved(id, id === 4 ? 3 : 0)),
    })
    const panel = within(card('Saved Searches'))
    expect(panel.getByText('1 with new patents')).toBeTruthy()
    const links = panel.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['View all', '/saved-searches'],
      ['Search 4', '/serpapi-search?q=words%204&saved=4'],
      ['Search 1', '/serpapi-search?q=words%201&saved=1'],
      ['Search 2', '/serpapi-search?q=words%202&saved=2'],
      ['Search 3', '/serpapi-search?q=words%203&saved=3'],
    ])
    expect(panel.getByText('3 new')).toBeTruthy()
  })
})
