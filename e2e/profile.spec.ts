import { expect, test } from '@playwright/test'
import { loginThroughUi, registerThroughUi } from './support'

test('profile: validation messages, save disabled until changed, update reaches the sidebar', async ({
  page,
}) => {
  await registerThroughUi(page)
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
  await expect(page.getByText('Account Settings')).toBeVisible()
  const save = page.getByRole('button', { name: /Save/ })
  await expect(save).toBeDisabled()

  await page.getByLabel('Email').fill('broken')
  await page.getByLabel('Full Name').fill('X')
  await save.click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
  await expect(page.getByText('Full name must be at least 2 characters.')).toBeVisible()

  await page.getByLabel('Email').fill(`renamed-${Date.now()}@example.com`)
  await page.getByLabel('Full Name').fill('Renamed Person')
  await save.click()
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible()
  await expect(page.getByText('Your profile has been updated successfully.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Renamed Person')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Person')
})

test('change password: validation messages, wrong current password, then success and the new password works', async ({
  page,
  browser,
}) => {
  const user = await registerThroughUi(page)
  await page.goto('/profile')
  await page.getByRole('tab', { name: 'Change Password' }).click()
  const submit = page.getByRole('button', { name: /Change Password|Update Password/ }).last()
  await expect(submit).toBeDisabled()

  await page.getByLabel('New Password', { exact: true }).fill('123')
  await page.getByLabel('Confirm New Password').fill('1')
  await submit.click()
  await expect(page.getByText('Current password is required.')).toBeVisible()
  await expect(page.getByText('New password must be at least 6 characters.')).toBeVisible()
  await expect(page.getByText('Please confirm your new password.')).toBeVisible()

  await page.getByLabel('Current Password').fill('not-my-password')
  await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass')
  await page.getByLabel('Confirm New Password').fill('brand-new-typo')
  await submit.click()
  await expect(page.getByText('New passwords do not match')).toBeVisible()

  await page.getByLabel('Confirm New Password').fill('brand-new-pass')
  await submit.click()
  await expect(page.getByText('Password change failed', { exact: true })).toBeVisible()
  await expect(page.getByText('Current password is incorrect.').first()).toBeVisible()

  await page.getByLabel('Current Password').fill(user.password)
  await submit.click()
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible()
  await expect(page.getByText('Your password has been changed successfully.')).toBeVisible()
  await expect(page.getByLabel('Current Password')).toHaveValue('')

  const fresh = await (await browser.newContext()).newPage()
  await loginThroughUi(fresh, { username: user.username, password: 'brand-new-pass' })
  await expect(fresh).toHaveURL(/\/dashboard$/)
})
