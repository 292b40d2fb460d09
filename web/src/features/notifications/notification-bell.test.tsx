import type { Notification } from '@patentdesk/contract/notifications'
import { screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { notificationsQueryOptions } from './api'
import { NotificationBell } from './notification-bell'

/** Newest first, as the server lists them: the unread ones, then the read ones. */
function notifications({ unread, read = 0 }: { unread: number; read?: number }): Notification[] {
  const total = unread + read
  return Array.from({ length: total }, (_, index) => ({
    id: total - index,
    patentId: index % 2 === 0 ? null : 40 + index,
    title: `Notification ${index + 1}`,
    message: `Message ${index + 1}`,
    link: null,
    isRead: index >= unread,
    createdAt: new Date(Date.UTC(2026, 0, 31 - index, 9)).toISOString(),
  }))
}

function renderBell(list: Notification[]) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(notificationsQueryOptions.queryKey, list)
  return renderWithProviders(<NotificationBell />, { path: '/dashboard', queryClient })
}

/** The bell's name is "Notifications" followed by the count it shows, if any (the IconButton rule). */
const bell = () => screen.getByRole('button', { name: /^Notifications( |$)/ })

describe('NotificationBell', () => {
  beforeEach(() => {
    startSession(testUser)
  })

  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('shows %i unread as that exact number', (unread) => {
    renderBell(notifications({ unread, read: 3 }))
    expect(within(bell()).getByTestId('unread-count').textContent).toBe(String(unread))
    expect(screen.getByRole('button', { name: `Notifications ${unread}` })).toBe(bell())
  })

  it.each([10, 11, 25])('shows 9+ for %i unread', (unread) => {
    renderBell(notifications({ unread }))
    expect(within(bell()).getByTestId('unread-count').textContent).toBe('9+')
    expect(screen.getByRole('button', { name: 'Notifications 9+' })).toBe(bell())
  })

  it('shows a long message in full, so the new status at its end stays readable', async () => {
    const title = 'A very long application title about a self-heating mug with an induction coil in its base'
    const message = `PA-2026-00007 "${title}" is now Revision Required.`
    const [first] = notifications({ unread: 1 })
    if (!first) throw new Error('No notification built')
    const { user } = renderBell([{ ...first, message }])
    await user.click(bell())
    const shown = within(screen.getByRole('dialog')).getByTestId('notification-message')
    expect(shown.textContent).toBe(message)
    expect(shown.className).not.toMatch(/line-clamp|truncate|overflow-hidden/)
  })

  it('shows no badge when every notification is read', () => {
    renderBell(notifications({ unread: 0, read: 4 }))
    expect(within(bell()).queryByTestId('unread-count')).toBeNull()
    expect(screen.getByRole('button', { name: 'Notifications' })).toBe(bell())
  })

  it('lists the five newest in the dropdown with a link to all notifications', async () => {
    const { user } = renderBell(notifications({ unread: 2, read: 5 }))
    await user.click(bell())
    const panel = await screen.findByRole('dialog', { name: 'Latest notifications' })
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5)
    for (const n of [1, 2, 3, 4, 5]) expect(within(panel).getByText(`Notification ${n}`)).toBeTruthy()
    expect(within(panel).queryByText('Notification 6')).toBeNull()
    expect(within(panel).getByRole('link', { name: 'View all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    )
  })

  it('leads from a notification with a link there, marking it read and closing the dropdown', async () => {
    const [first, second] = notifications({ unread: 2 })
    if (!first || !second) throw new Error('No notification built')
    const linked = { ...first, title: "2 new patents for 'Querns'", link: '/serpapi-search?q=quern&saved=4' }
    const { user } = renderBell([linked, second])
    await user.click(bell())
    const panel = await screen.findByRole('dialog', { name: 'Latest notifications' })
    const link = within(panel).getByRole('link', { name: /2 new patents for 'Querns'/ })
    expect(link.getAttribute('href')).toBe('/serpapi-search?q=quern&saved=4')
    // The other, without a link, stays a button that marks it read.
    expect(within(panel).getByRole('button', { name: /Notification 2/ })).toBeTruthy()
    await user.click(link)
    expect(screen.queryByRole('dialog', { name: 'Latest notifications' })).toBeNull()
  })
})
