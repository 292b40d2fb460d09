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

test('the notification bell shows the unread count, 9+ above nine, and marks one read', async ({ page }) => {
  await registerThroughUi(page)
  const bell = page.getByRole('button', { name: /Notifications/ })
  await expect(bell).toBeVisible()
  await bell.click()
  await expect(page.getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
    'href',
    '/notifications',
  )
})
