import { expect, test } from '@playwright/test'
import { registerThroughUi } from './support'

test('login returns to the page that sent the visitor there, and only to a page of this site', async ({
  page,
}) => {
  const user = await registerThroughUi(page)
  await page.evaluate(() => localStorage.clear())

  await page.goto('/notifications')
  await expect(page).toHaveURL('/login?next=%2Fnotifications')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/notifications$/)

  await page.evaluate(() => localStorage.clear())
  for (const next of ['//example.com/', 'https://example.com/', '/\\example.com']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`)
    await page.getByLabel('Username').fill(user.username)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/localhost:\d+\/dashboard$/)
    await page.evaluate(() => localStorage.clear())
  }
})
