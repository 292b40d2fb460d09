import { expect, test } from '@playwright/test'
import { linkPathIn, newestMailTo, outboxOf } from './mail'
import { loginThroughUi, registerThroughUi, server } from './support'

const sent = 'If an account uses that email address, we have sent it a link to reset the password.'
const done = 'Your password has been reset. Log in with the new password.'
const invalidLink = 'This reset link is invalid or has expired. Ask for a new one.'

/** The reset link of the newest mail to `email`, as a path the test server answers on. */
const readResetLink = async (email: string) =>
  linkPathIn(await newestMailTo(outboxOf(server.env.DATA_DIR), email), '/reset-password')

test('forgot password mails a link that sets a new password once', async ({ page }) => {
  const user = await registerThroughUi(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByText('Forgot your password?')).toBeVisible()
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('status')).toHaveText(sent)
  await expect(page.getByLabel('Email')).toHaveCount(0)

  const resetPath = await readResetLink(user.email)
  await page.goto(resetPath)
  await expect(page.getByText('Reset your password')).toBeVisible()
  await page.getByLabel('New Password', { exact: true }).fill('reset-new-pass')
  await page.getByLabel('Confirm New Password').fill('reset-new-pass')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByText('Password reset', { exact: true })).toBeVisible()
  await expect(page.getByText(done)).toBeVisible()

  await loginThroughUi(page, { username: user.username, password: user.password })
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible()
  await loginThroughUi(page, { username: user.username, password: 'reset-new-pass' })
  await expect(page).toHaveURL(/\/dashboard$/)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto(resetPath)
  await page.getByLabel('New Password', { exact: true }).fill('another-pass')
  await page.getByLabel('Confirm New Password').fill('another-pass')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password reset failed', { exact: true })).toBeVisible()
  await expect(page.getByRole('alert').getByText(invalidLink)).toBeVisible()
  await expect(page).toHaveURL(/\/reset-password\?token=/)
})

test('forgot password checks the email address before sending', async ({ page }) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
  await expect(page.getByRole('status')).toHaveCount(0)
  await page.getByRole('link', { name: 'Back to login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('a reset page without a token explains the link is invalid and offers a new one', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByRole('alert')).toHaveText(invalidLink)
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: 'Request a new link' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
})
