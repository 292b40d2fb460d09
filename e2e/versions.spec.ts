import { expect, type Page, test } from '@playwright/test'
import { newApplicant, ownAddress, sendJson, startSession } from './support'

const application = {
  title: 'Self-levelling tripod head',
  abstract: 'A tripod head that levels itself with a damped pendulum and locks with a friction clutch.',
  description:
    'A tripod head for cameras comprising a pendulum that swings to the vertical and a friction clutch that then locks the head so that the camera stays level on uneven ground.',
  claims: ['A tripod head comprising a pendulum and a friction clutch.'],
  status: 'draft',
}

/** The edit form of the application, on the step that holds its claims. */
async function openClaims(page: Page, id: number) {
  await page.goto(`/new-application?edit=${id}`)
  await page.getByRole('tab', { name: /Claims/ }).click()
  await expect(page.getByRole('textbox', { name: 'Claim 1' })).toBeVisible()
  // Enabled once the form has read and checked the application: a change typed before could be lost.
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
}

test('two editors of one application: the later save is shown both sides, kept, and a version restored', async ({
  browser,
  request,
}) => {
  const owner = await sendJson(request, {
    url: '/api/auth/register',
    data: newApplicant(),
    headers: ownAddress(),
  })
  const { id } = await sendJson(request, { url: '/api/patents', data: application, token: owner.token })
  const editor = async () => {
    const page = await (await browser.newContext()).newPage()
    await startSession(page, owner)
    await openClaims(page, id)
    return page
  }
  const [one, two] = [await editor(), await editor()]

  await one
    .getByRole('textbox', { name: 'Claim 1' })
    .fill('A tripod head comprising a damped pendulum and a friction clutch.')

  await one.getByRole('button', { name: 'Save Changes' }).click()
  await expect(one.getByText('Application updated')).toBeVisible()
  await expect(
    one.getByText('A tripod head comprising a damped pendulum and a friction clutch.'),
  ).toBeVisible()

  await two
    .getByRole('textbox', { name: 'Claim 1' })
    .fill('A tripod head comprising a pendulum and a magnetic clutch.')
  await two.getByRole('button', { name: 'Save Changes' }).click()
  const dialog = two.getByRole('dialog', { name: 'Someone else saved this application' })
  await expect(dialog.getByRole('region', { name: 'Their changes' }).locator('ins')).toHaveText([/damped/])
  await expect(dialog.getByRole('region', { name: 'Your changes' }).locator('ins')).toHaveText([/magnetic/])
  await dialog.getByRole('button', { name: 'Keep mine' }).click()
  await expect(two.getByText('Application updated')).toBeVisible()

  // The history has the three versions; the second compared with the third, then the first restored.
  await two.getByRole('tab', { name: 'History' }).click()
  const versions = two.getByRole('region', { name: 'Versions', exact: true }).getByRole('listitem')
  await expect(versions).toHaveCount(3)
  await expect(versions.first()).toContainText('Version 3 (current)')
  const compared = two.getByRole('region', { name: 'Compare versions' })
  await expect(compared).toContainText('From version 2 to version 3')
  await expect(compared.locator('del')).toHaveText([/damped/, /friction/])
  await expect(compared.locator('ins')).toHaveText([/magnetic/])
  await two.getByRole('button', { name: 'Restore version 1' }).click()
  await two
    .getByRole('dialog', { name: 'Restore version 1?' })
    .getByRole('button', { name: 'Restore' })
    .click()
  await expect(two.getByText('Version 1 is now version 4.')).toBeVisible()
  await expect(versions.first()).toContainText('restored version 1')
})
