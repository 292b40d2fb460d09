import { expect, test } from '@playwright/test'
import { admin, loginThroughUi, newApplicant } from './support'

const title = 'Self-levelling tripod head'
const description =
  'A tripod head for cameras comprising a pendulum that swings to the vertical and a friction clutch that then locks ' +
  'the head so that the camera stays level on uneven ground. The pendulum is damped by a viscous fluid.'

test('analyse an invention: missing information, progress, every tab, download, start again', async ({
  page,
}) => {
  await page.goto('/patent-analysis')
  const analyze = page.getByRole('button', { name: 'Analyze Patent' })
  await expect(analyze).toBeDisabled()
  await page.getByLabel('Patent Title').fill(title)
  await analyze.click()
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Please provide both a title and description for your patent application.').first(),
  ).toBeVisible()

  await page.getByLabel('Patent Description').fill(description)
  await analyze.click()
  await expect(page.getByText('Analysis Complete', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('tab', { name: 'Summary' })).toBeVisible()
  await expect(page.getByText(/\/ ?100/).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/analysis/summary.png', fullPage: true })

  await page.getByRole('tab', { name: 'Similar Patents' }).click()
  await expect(page.getByRole('link', { name: /US\d+/ }).first()).toBeVisible()
  await expect(page.getByText(/^Your words it shares:/).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/analysis/similar.png', fullPage: true })
  await page.getByRole('tab', { name: 'Technical Details' }).click()
  await expect(page.getByText(/offline/i).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/analysis/technical.png', fullPage: true })

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: /Download/ }).click()
  expect((await download).suggestedFilename()).toBe('patent-analysis.json')

  await page.getByRole('button', { name: 'Start New Analysis' }).click()
  await expect(page.getByLabel('Patent Title')).toHaveValue('')
  await expect(page.getByRole('tab', { name: 'Summary' })).toHaveCount(0)
})

test('an unreadable document gets the Analysis Error box with the server message', async ({ page }) => {
  await page.goto('/patent-analysis')
  await page.getByLabel('Patent Title').fill(title)
  await page.getByLabel('Patent Description').fill(description)
  await page.getByLabel('Supporting Document (optional)').setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('this is not a pdf'),
  })
  await page.getByRole('button', { name: 'Analyze Patent' }).click()
  await expect(page.getByText('Analysis Error', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(
    page
      .getByText('The document could not be read: it is damaged, or its content is not what its name says.')
      .first(),
  ).toBeVisible()
})

test('an administrator generates the analysis of an application', async ({ page, request }) => {
  const applicant = newApplicant()
  const applicationTitle = `${title} ${Date.now().toString(36)}`
  const registered = await (await request.post('/api/auth/register', { data: applicant })).json()
  await request.post('/api/patents', {
    headers: { authorization: `Bearer ${registered.token}` },
    data: {
      title: applicationTitle,
      abstract: 'A tripod head that levels itself with a damped pendulum and locks with a friction clutch.',
      description,
      claims: ['A tripod head comprising a pendulum and a friction clutch.'],
      status: 'draft',
    },
  })
  await loginThroughUi(page, admin)
  await page.getByPlaceholder('Search applications...').fill(applicationTitle)
  await page
    .getByRole('row')
    .filter({ hasText: applicationTitle })
    .getByRole('button', { name: 'Review' })
    .click()
  await page.getByRole('tab', { name: 'Analysis' }).click()
  await expect(page.getByText('No analysis data available for this application.')).toBeVisible()
  await page.getByRole('button', { name: 'Generate Analysis' }).click()
  await expect(page.getByText('Overall Similarity').first()).toBeVisible({ timeout: 30_000 })
  await page.screenshot({ path: 'test-results/analysis/admin.png', fullPage: true })
})
