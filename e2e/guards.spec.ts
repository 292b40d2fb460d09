import { expect, test } from '@playwright/test'
import { admin, loginThroughUi, registerThroughUi } from './support'

const authenticated = [
  '/dashboard',
  '/patents',
  '/patents/1',
  '/patents/1/feedback',
  '/new-application',
  '/profile',
  '/settings',
  '/notifications',
  '/admin',
]
const publicPaths = [
  '/',
  '/login',
  '/register',
  '/serpapi-search',
  '/search',
  '/patent-comparison',
  '/patent-analysis',
]

// One page visits every path, each a fresh load: a test per path spent more time starting than checking.
test('an anonymous visitor on a signed-in page goes to /login, which returns there', async ({ page }) => {
  for (const path of authenticated) {
    await page.goto(path)
    await expect(page, path).toHaveURL(`/login?next=${encodeURIComponent(path)}`)
  }
})

test('an anonymous visitor may stay on the public pages and on a patent’s details', async ({ page }) => {
  for (const path of [...publicPaths, '/patent-details/US1234567']) {
    await page.goto(path)
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`))
  }
})

test('an applicant on /admin goes to /dashboard; on /login or /register too', async ({ page }) => {
  await registerThroughUi(page)
  for (const path of ['/admin', '/login', '/register']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/dashboard$/)
  }
})

test('an administrator may open /admin and sees the ADMIN section', async ({ page }) => {
  await loginThroughUi(page, admin)
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin$/)
})

test('any other path shows 404 Page Not Found', async ({ page }) => {
  for (const path of ['/no-such-page', '/patents/1/nothing/more']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  }
})

test('/search is the patent search and keeps the header query', async ({ page }) => {
  await registerThroughUi(page)
  await page.getByPlaceholder('Search patents...').fill('hinge')
  await page.getByPlaceholder('Search patents...').press('Enter')
  await expect(page).toHaveURL(/\/search\?q=hinge$/)
  await expect(page.getByRole('heading', { name: 'Patent Search' })).toBeVisible()
})
