import fs from 'node:fs/promises'
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
  await page.getByLabel('Priority or filing date (optional)').fill('2.3.2015')
  await analyze.click()
  await expect(page.getByText('Analysis Complete', { exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('tab', { name: 'Summary' })).toBeVisible()
  await expect(page.getByText(/\/ ?100/).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/analysis/summary.png', fullPage: true })

  await page.getByRole('tab', { name: 'Similar Patents' }).click()
  await expect(page.getByRole('link', { name: /US\d+/ }).first()).toBeVisible()
  await expect(page.getByText(/^Your words it shares:/).first()).toBeVisible()
  await expect(
    page.getByText('Only patents filed before 2 March 2015, the priority date, are prior art.'),
  ).toBeVisible()
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

test('a claim chart: each claim element against the closest patents, its passage on demand, DOCX and CSV', async ({
  page,
}) => {
  // The first claim of US6838984B2, a patent of the shipped corpus, as an applicant numbers it.
  const claim =
    '1. An air pressure detection device for a wheel comprising: an air pressure sensor for detecting the air ' +
    'pressure of a tire tube; a transmission unit for transmitting information detected by said air pressure ' +
    'sensor; and an electric cell for driving said transmission unit.'
  await page.goto('/patent-analysis')
  await page.getByLabel('Patent Title').fill('Tyre pressure sender')
  await page.getByLabel('Patent Description').fill(claim)
  await page.getByRole('button', { name: 'Analyze Patent' }).click()
  await expect(page.getByText('Analysis Complete', { exact: true })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('tab', { name: 'Claim chart' }).click()

  const chart = page.getByRole('table', { name: 'Claim chart' })
  await expect(chart.getByRole('columnheader', { name: /US6838984B2/ })).toBeVisible()
  await expect(chart.getByRole('rowheader')).toHaveCount(4)
  await expect(chart.getByRole('rowheader', { name: /^1b an air pressure sensor/ })).toBeVisible()
  await page.getByRole('button', { name: 'Show passage for feature 1b in US6838984B2' }).click()
  await expect(
    page.getByRole('button', { name: 'Hide passage for feature 1b in US6838984B2' }),
  ).toHaveAttribute('aria-expanded', 'true')
  const passage = chart.locator('blockquote', {
    hasText: 'an air pressure sensor for detecting the air pressure of a tire tube',
  })
  await expect(passage).toBeVisible()
  await expect(passage.locator('mark', { hasText: /^sensor$/i })).toHaveCount(1)
  await expect(chart.getByText('claim 1').first()).toBeVisible()

  const docx = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Claim chart (DOCX)' }).click()
  expect((await docx).suggestedFilename()).toBe('claim-chart.docx')
  const csv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Claim chart (CSV)' }).click()
  const csvFile = await csv
  expect(csvFile.suggestedFilename()).toBe('claim-chart.csv')
  const rows = (await fs.readFile((await csvFile.path()) as string, 'utf8')).split('\r\n')
  expect(rows[0]).toBe('\uFEFFFeature ID,Feature,Reference,Title,Level,Score,Location,Passage')
  expect(rows.some((row) => row.startsWith('1b,') && row.includes('US6838984B2'))).toBe(true)

  // The search report: the patent itself holds claim 1 whole, category X, quoted.
  await page.getByRole('tab', { name: 'Search report' }).click()
  const report = page.getByRole('table', { name: 'Search report' })
  await expect(report.getByRole('columnheader', { name: 'Relevant to claims' })).toBeVisible()
  const own = report.getByRole('row', { name: /US6838984B2/ })
  await expect(own.getByRole('cell').first()).toHaveText('X')
  await expect(own.getByRole('cell').last()).toHaveText('1')
  await expect(own).toContainText('an air pressure sensor for detecting the air pressure of a tire tube')
  await page.screenshot({ path: 'test-results/analysis/search-report.png', fullPage: true })
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
  // The stored analysis holds its claim chart: the claim's elements against the closest patents.
  await page.getByRole('tab', { name: 'Claim chart' }).click()
  const chart = page.getByRole('table', { name: 'Claim chart' })
  await expect(chart.getByRole('rowheader', { name: /^1a A tripod head/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Claim chart (DOCX)' })).toBeVisible()
  await page.screenshot({ path: 'test-results/analysis/admin-claim-chart.png', fullPage: true })
  // The application's own Search report tab, which its owner sees too, holds the report just made.
  await page.getByRole('tab', { name: 'Search report' }).first().click()
  await expect(page.getByText(/^Made on /)).toBeVisible()
  await expect(page.getByText('Only patents filed before today', { exact: false }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Search report (PDF)' }).first()).toBeVisible()
  await page.screenshot({ path: 'test-results/analysis/application-search-report.png', fullPage: true })
})
