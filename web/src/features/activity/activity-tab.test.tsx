import type { ActivityEntry } from '@patentdesk/contract/activity'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatDateTime } from '@/lib/format'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { requestsTo, stubApi } from '@/test/stub-api'
import { ActivityTab } from './activity-tab'

function buildEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 1,
    kind: 'edited',
    actor: { id: 7, fullName: 'Alice Inventor' },
    detail: 'Saved version 2: title changed.',
    createdAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  }
}

const items = () => within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem')

describe('ActivityTab', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists each entry with its label, who did it, what, how long ago and the exact time on hover', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString()
    stubApi({
      'GET /api/patents/4/activity': {
        entries: [
          buildEntry({
            id: 3,
            kind: 'status_changed',
            actor: { id: 1, fullName: 'Ada Admin' },
            detail: 'Changed the status from Submitted to Under Review.',
            createdAt: fiveMinutesAgo,
          }),
          buildEntry({ id: 2, kind: 'submitted', actor: { id: null, fullName: 'Former Member' } }),
          buildEntry({ id: 1, kind: 'created', actor: null, detail: 'Created the application as a draft.' }),
        ],
        nextBefore: null,
      },
    })
    renderWithProviders(<ActivityTab applicationId={4} />)

    expect(await screen.findByText('Changed the status from Submitted to Under Review.')).toBeTruthy()
    const [status, submitted, created] = items()
    expect(status?.textContent).toContain('Status changed')
    expect(status?.textContent).toContain('by Ada Admin')
    expect(submitted?.textContent).toContain('by Former Member')
    expect(created?.textContent).toContain('by Command line')
    const time = status?.querySelector('time')
    expect(time?.textContent).toBe('5 minutes ago')
    expect(time?.getAttribute('dateTime')).toBe(fiveMinutesAgo)
    expect(time?.getAttribute('title')).toBe(formatDateTime(fiveMinutesAgo))
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('loads the next page before the last entry shown, then has no more to load', async () => {
    const calls = stubApi({
      'GET /api/patents/4/activity?before=101': {
        entries: [buildEntry({ id: 100, detail: 'The oldest entry.' })],
        nextBefore: null,
      },
      'GET /api/patents/4/activity': {
        entries: [buildEntry({ id: 102, detail: 'The newest entry.' }), buildEntry({ id: 101 })],
        nextBefore: 101,
      },
    })
    const { user } = renderWithProviders(<ActivityTab applicationId={4} />)

    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    expect(await screen.findByText('The oldest entry.')).toBeTruthy()
    expect(items()).toHaveLength(3)
    expect(requestsTo(calls, 'GET /api/patents/4/activity*').map(({ path }) => path)).toEqual([
      '/api/patents/4/activity',
      '/api/patents/4/activity?before=101',
    ])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says so when there is no activity, and shows the error when it cannot be read', async () => {
    stubApi({
      'GET /api/patents/4/activity': { entries: [], nextBefore: null },
      'GET /api/patents/5/activity': [404, { error: 'NOT_FOUND', message: 'Application not found.' }],
    })
    renderWithProviders(<ActivityTab applicationId={4} />)
    expect(await screen.findByText('No activity yet.')).toBeTruthy()
    renderWithProviders(<ActivityTab applicationId={5} />)
    expect(await screen.findByText('Application not found.')).toBeTruthy()
  })
})
