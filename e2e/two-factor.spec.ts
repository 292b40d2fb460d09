import { expect, type Page, test } from '@playwright/test'
import { codeFor, registerThroughUi, registerWithTwoFactor } from './support'

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/two-factor/${name}-1280.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `test-results/two-factor/${name}-390.png` })
  await page.setViewportSize({ width: 1280, height: 800 })
}

async function signIn(page: Page, user: { username: string; password: string }, code: string) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByLabel('Authentication code')).toBeFocused()
  await page.getByLabel('Authentication code').fill(code)
  await page.getByRole('button', { name: 'Verify and Login' }).click()
}

const signOut = (page: Page) => page.evaluate(() => localStorage.clear())

test('enables 2FA from the shown secret, signs in with a code, and with a recovery code only once', async ({
  page,
}) => {
  // Budget: three sign-ins (two with a code) and enabling 2FA, each a few round trips and an argon2 hash.
  test.setTimeout(120_000)
  const user = await registerThroughUi(page)
  await page.goto('/settings')
  await page.getByRole('tab', { name: 'Security' }).click()
  await expect(page.getByText('Two-factor authentication is not enabled.')).toBeVisible()
  await page.getByRole('button', { name: 'Enable 2FA' }).click()

  const dialog = page.getByRole('dialog', { name: 'Enable two-factor authentication' })
  await expect(dialog.getByText(/signs out your other sessions/)).toBeVisible()
  // The current password first: a wrong one is refused at its field, and the session stays.
  const password = dialog.getByLabel('Current password')
  await expect(password).toBeFocused()
  await password.fill('not-my-password')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText('Current password is incorrect.')).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByTestId('totp-secret')).toHaveCount(0)
  await shoot(page, 'password-step')
  await password.fill(user.password)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await shoot(page, 'enrolment-dialog')

  await dialog.getByLabel('6-digit code').fill('12345')
  await dialog.getByRole('button', { name: 'Verify and Enable' }).click()
  await expect(dialog.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible()
  await dialog.getByLabel('6-digit code').fill(codeFor(secret))
  await dialog.getByRole('button', { name: 'Verify and Enable' }).click()

  const done = page.getByRole('dialog', { name: 'Two-factor authentication is on' })
  const items = done.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(items).toHaveCount(10)
  const codes = await items.allTextContents()
  const download = page.waitForEvent('download')
  await done.getByRole('button', { name: 'Download (.txt)' }).click()
  expect((await download).suggestedFilename()).toBe('patentdesk-recovery-codes.txt')
  await shoot(page, 'recovery-codes')
  await done.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByText('Signing in asks for a code from your authenticator app.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Disable 2FA' })).toBeVisible()

  // The enabling code's step is spent; the next step's code is within the ±1 window whatever the clock.
  await signOut(page)
  await page.goto('/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByLabel('Authentication code')).toBeVisible()
  await shoot(page, 'login-code-step')
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1))
  await page.getByRole('button', { name: 'Verify and Login' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await signOut(page)
  await signIn(page, user, codes[0] ?? '')
  await expect(page).toHaveURL(/\/dashboard$/)

  await signOut(page)
  await signIn(page, user, codes[0] ?? '')
  await expect(page.getByText('Invalid two-factor code.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})

test('turns 2FA off with the password and a current code, after which the password alone signs in', async ({
  page,
  request,
}) => {
  // Enrolment through the API (the test above drives it in the browser); the enabling code spends step 0.
  const { user, secret, recoveryCodes } = await registerWithTwoFactor(request)

  await signIn(page, user, recoveryCodes[0] ?? '')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/settings')
  await page.getByRole('tab', { name: 'Security' }).click()
  await page.getByRole('button', { name: 'Disable 2FA' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Password').fill(user.password)
  await dialog.getByLabel('Authentication code').fill('000000')
  await dialog.getByRole('button', { name: 'Turn Off 2FA' }).click()
  await expect(
    dialog.getByText('That code is not valid. Enter the current code from your authenticator app.'),
  ).toBeVisible()
  // A step after the enabling one, within the ±1 window whatever the clock does.
  await dialog.getByLabel('Authentication code').fill(codeFor(secret, 1))
  await dialog.getByRole('button', { name: 'Turn Off 2FA' }).click()
  await expect(page.getByText('Two-factor authentication is not enabled.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enable 2FA' })).toBeVisible()

  await signOut(page)
  await page.goto('/login')
  await page.getByLabel('Username').fill(user.username)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
