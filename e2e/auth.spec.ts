import { expect, test } from '@playwright/test'
import { admin, loginThroughUi, newApplicant, registerThroughUi } from './support'

test('register lands on the dashboard with a welcome toast and the user in the sidebar', async ({ page }) => {
  const user = await registerThroughUi(page)
  await expect(page.getByText('Account created', { exact: true })).toBeVisible()
  await expect(page.getByText('Your account has been created successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  const sidebar = page.getByRole('navigation', { name: 'Main' })
  await expect(sidebar.getByText(user.fullName)).toBeVisible()
  await expect(sidebar.getByText(user.email)).toBeVisible()
  await expect(sidebar.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)
  await expect(sidebar.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
})

test('a taken username shows the server message in a destructive toast', async ({ page, browser }) => {
  const user = await registerThroughUi(page)
  const other = await (await browser.newContext()).newPage()
  await other.goto('/register')
  await other.getByLabel('Username').fill(user.username)
  await other.getByLabel('Email').fill(`other-${user.email}`)
  await other.getByLabel('Full Name').fill('Someone Else')
  await other.getByLabel('Password', { exact: true }).fill('secret-pass')
  await other.getByLabel('Confirm Password').fill('secret-pass')
  await other.getByRole('button', { name: 'Register' }).click()
  await expect(other.getByText('Registration failed', { exact: true })).toBeVisible()
  await expect(other.getByText('This username is already taken.')).toBeVisible()
  await expect(other).toHaveURL(/\/register$/)
})

test('an administrator logs in and lands on /admin', async ({ page }) => {
  await loginThroughUi(page, admin)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible()
  await expect(page.getByText(`Logged in successfully as ${admin.username}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText('ADMIN', { exact: true }),
  ).toBeVisible()
})

test('an applicant logs in and lands on /dashboard; a wrong password shows Login failed', async ({
  page,
  browser,
}) => {
  const user = await registerThroughUi(page)
  const fresh = await (await browser.newContext()).newPage()
  await loginThroughUi(fresh, { username: user.username, password: 'wrong-password' })
  await expect(fresh.getByText('Login failed', { exact: true })).toBeVisible()
  await expect(fresh.getByText('Invalid username or password.')).toBeVisible()
  await expect(fresh).toHaveURL(/\/login$/)
  await loginThroughUi(fresh, user)
  await expect(fresh).toHaveURL(/\/dashboard$/)
})

test('logout clears the session, toasts and guards take over', async ({ page }) => {
  await registerThroughUi(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible()
  await expect(page.getByText('You have been logged out successfully')).toBeVisible()
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('patentdesk'))),
  ).toEqual([])
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/)
})

test('a revoked token forces a logout on the next call', async ({ page }) => {
  const user = await registerThroughUi(page)
  const token = await page.evaluate(() => localStorage.getItem('patentdesk.token'))
  await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/)
  expect(user.username).toBeTruthy()
})

test('login validation messages', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByText('Enter your credentials to access your account')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  )
  await page.getByLabel('Username').fill('ab')
  await page.getByLabel('Password').fill('12345')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Username must be at least 3 characters.')).toBeVisible()
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('register validation messages', async ({ page }) => {
  await page.goto('/register')
  await expect(page.getByText('Create an account to start your patent application')).toBeVisible()
  await expect(page.getByText("Company or institution you're representing")).toBeVisible()
  await page.getByLabel('Username').fill('ab')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Full Name').fill('A')
  await page.getByLabel('Password', { exact: true }).fill('12345')
  await page.getByLabel('Confirm Password').fill('54321')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByText('Username must be at least 3 characters.')).toBeVisible()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
  await expect(page.getByText('Full name must be at least 2 characters.')).toBeVisible()
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible()
  await page.getByLabel('Username').fill('a'.repeat(51))
  await expect(page.getByText('Username must not exceed 50 characters.')).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('secret-pass')
  await page.getByLabel('Confirm Password').fill('secret-other')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await expect(page).toHaveURL(/\/register$/)
  expect(newApplicant().username).not.toBe(newApplicant().username)
})
