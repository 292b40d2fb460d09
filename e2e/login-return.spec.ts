import { expect, type Page, test } from '@playwright/test'
import { registerThroughUi, registerWithTwoFactor } from './support'

/** `next` values that leave the site once the URL parser has read them (`/.//host` is `//host`), as typed. */
const bypasses = ['/.//evil.example', '/..//evil.example', '%2F%2e%2F%5Cevil.example', '/%252e//evil.example']
/** A deep link with a query string, which `next` must still reach. */
const deepLink = '/patents?status=pending'
const onDashboard = /^http:\/\/localhost:\d+\/dashboard$/

const signOut = (page: Page) => page.evaluate(() => localStorage.clear())

async function submitLogin(page: Page, user: { username: string; password: string }) {
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

test('login returns to the page that sent the visitor there, and only to a page of this site', async ({
  page,
}) => {
  // Budget: eight sign-ins, each an argon2 hash on a busy machine.
  test.setTimeout(180_000)
  const user = await registerThroughUi(page)
  await signOut(page)

  await page.goto('/notifications')
  await expect(page).toHaveURL('/login?next=%2Fnotifications')
  await submitLogin(page, user)
  await expect(page).toHaveURL(/\/notifications$/)

  await signOut(page)
  await page.goto(`/login?next=${encodeURIComponent(deepLink)}`)
  await submitLogin(page, user)
  await expect(page).toHaveURL(deepLink)

  for (const next of ['//example.com/', 'https://example.com/', '/\\example.com', ...bypasses]) {
    await signOut(page)
    const query = bypasses.includes(next) ? next : encodeURIComponent(next)
    await page.goto(`/login?next=${query}`)
    await submitLogin(page, user)
    await expect(page, `next=${query}`).toHaveURL(onDashboard)
  }
})

test('a signed-in visitor of login or register goes to next when it is a page of this site, else to the dashboard', async ({
  page,
}) => {
  // Budget: ten page loads, each a redirect on arrival.
  test.setTimeout(120_000)
  await registerThroughUi(page)
  for (const screen of ['/login', '/register']) {
    for (const next of bypasses) {
      await page.goto(`${screen}?next=${next}`)
      await expect(page, `${screen}?next=${next}`).toHaveURL(onDashboard)
    }
    await page.goto(`${screen}?next=${encodeURIComponent(deepLink)}`)
    await expect(page).toHaveURL(deepLink)
    await expect(page.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true')
  }
})

test('the two-factor step returns to next only when it is a page of this site', async ({ page, request }) => {
  // Budget: four sign-ins with a code, each two argon2 hashes on a busy machine.
  test.setTimeout(180_000)
  // Each sign-in spends a recovery code: the TOTP steps are spent once each.
  const { user, recoveryCodes } = await registerWithTwoFactor(request)
  const signIn = async (next: string, code: string) => {
    await page.goto(`/login?next=${next}`)
    await submitLogin(page, user)
    await page.getByLabel('Authentication code').fill(code)
    await page.getByRole('button', { name: 'Verify and Login' }).click()
  }

  for (const [index, next] of bypasses.slice(0, 3).entries()) {
    await signIn(next, recoveryCodes[index] ?? '')
    await expect(page, `next=${next}`).toHaveURL(onDashboard)
    await signOut(page)
  }
  await signIn(encodeURIComponent(deepLink), recoveryCodes[3] ?? '')
  await expect(page).toHaveURL(deepLink)
})
