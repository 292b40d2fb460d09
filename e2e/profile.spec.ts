import { expect, test } from '@playwright/test'
import { loginThroughUi, registerThroughUi } from './support'

test('profile: validation messages, save disabled until changed, a name saved without the password', async ({
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

  // The stored address again: no password asked for.
  await page.reload()
  await page.getByLabel('Full Name').fill('Renamed Person')
  await expect(page.getByLabel('Current password')).toHaveCount(0)
  await save.click()
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible()
  await expect(page.getByText('Your profile has been updated successfully.')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Renamed Person')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Person')
})

test('profile: a new email address needs the current password, checked by the client and then the server', async ({
  page,
}) => {
  const user = await registerThroughUi(page)
  await page.goto('/profile')
  const email = page.getByLabel('Email')
  const password = page.getByLabel('Current password')
  const save = page.getByRole('button', { name: /Save/ })
  const newEmail = `moved-${user.email}`

  await email.fill(newEmail)
  await expect(password).toBeVisible()
  await expect(page.getByText(/tell your old address about the change/)).toBeVisible()
  await email.fill(user.email)
  await expect(password).toHaveCount(0)

  await email.fill(newEmail)
  await save.click()
  await expect(page.getByText('Enter your current password to change your email address.')).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')

  await password.fill('not-my-password')
  await save.click()
  await expect(page.getByText('Current password is incorrect.')).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Update failed', { exact: true })).toHaveCount(0)
  await expect(page).toHaveURL(/\/profile$/)

  await password.fill(user.password)
  await save.click()
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible()
  await expect(password).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(newEmail)).toBeVisible()
  await page.reload()
  await expect(email).toHaveValue(newEmail)
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
