import { expect, test } from '@playwright/test'
import { registerThroughUi } from './support'

test('below 1024 px the sidebar hides behind a menu button with a dimmed overlay', async ({ page }) => {
  await registerThroughUi(page)
  const sidebar = page.getByRole('navigation', { name: 'Main' })
  await expect(sidebar).toBeVisible()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()

  await page.setViewportSize({ width: 800, height: 900 })
  await expect(sidebar).toBeHidden()
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(sidebar).toBeVisible()
  const overlay = page.getByTestId('sidebar-overlay')
  await expect(overlay).toBeVisible()
  await overlay.click({ position: { x: 780, y: 450 } })
  await expect(sidebar).toBeHidden()

  await page.getByRole('button', { name: 'Open menu' }).click()
  await sidebar.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(sidebar).toBeHidden()
})

test('the bell counts the unread welcome notification, lists it, and a click marks it read', async ({
  page,
}) => {
  await registerThroughUi(page)
  const bell = page.getByRole('button', { name: 'Notifications' })
  await expect(bell.getByTestId('unread-count')).toHaveText('1')
  await bell.click()
  const panel = page.getByRole('dialog', { name: 'Latest notifications' })
  await expect(panel.getByText('Welcome to PatentDesk')).toBeVisible()
  await expect(panel.getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
    'href',
    '/notifications',
  )
  await panel.getByText('Welcome to PatentDesk').click()
  await expect(bell.getByTestId('unread-count')).toHaveCount(0)
  await panel.getByRole('link', { name: 'View all notifications' }).click()
  await expect(page).toHaveURL(/\/notifications$/)
  await expect(page.getByText('Welcome to PatentDesk')).toBeVisible()
})
