import { expect, test } from '@playwright/test'

test('search, tick two, compare them, open the details and see which family members we hold', async ({
  page,
}) => {
  await page.goto('/serpapi-search')
  const box = page.getByRole('searchbox', { name: 'Search query' })
  await box.fill('   ')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/serpapi-search$/)

  await box.fill('hinge')
  await box.press('Enter')
  await expect(page).toHaveURL(/q=hinge/)
  await expect(page.getByText(/^[\d,]+ results$/)).toBeVisible()
  const first = page.getByRole('link', { name: 'Watertight door hinge support' })
  await expect(first).toBeVisible()

  await page.getByRole('checkbox', { name: 'Select US7441308' }).check()
  await expect(page.getByRole('link', { name: /Compare Patents/ })).toHaveCount(0)
  await page.getByRole('checkbox', { name: 'Select US7895817' }).check()
  await page.getByRole('link', { name: 'Compare Patents (2)' }).click()

  await expect(page).toHaveURL(/\/patent-comparison\?refs=US7441308(%2C|,)US7895817$/)
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible()
  await page.getByRole('tab', { name: 'Side-by-Side' }).click()
  await expect(page.getByText('Tool-less chain coupling link').first()).toBeVisible()
  await page.getByRole('tab', { name: 'Similarity Matrix' }).click()
  await expect(page.getByText('100%').first()).toBeVisible()
  await page.screenshot({ path: 'test-results/patents/comparison.png', fullPage: true })
  // References as Google Patents and printed documents write them find the records stored without a kind code.
  await page.goto(`/patent-comparison?refs=${encodeURIComponent('US 7,441,308 B2,US7895817B1')}`)
  await expect(page.getByRole('link', { name: 'Tool-less chain coupling link' }).first()).toBeVisible()

  await page.goto(`/patent-details/${encodeURIComponent('US 6,982,249')}`)
  await expect(
    page.getByRole('heading', { name: 'Bradykinin analogs as selective inhibitors of cell activation' }),
  ).toBeVisible()
  await expect(page.getByText(/^granted$/i)).toBeVisible()
  await page.getByRole('tab', { name: 'Claims' }).click()
  await expect(page.getByText(/A method of inhibiting thrombin-induced cell activation/)).toBeVisible()
  await page.getByRole('tab', { name: 'Patent Family' }).click()
  await page.screenshot({ path: 'test-results/patents/family.png', fullPage: true })
  // A family member the corpus does not hold is text with a link to Espacenet, not a page of ours.
  await expect(page.getByRole('link', { name: 'US60046085', exact: true })).toHaveCount(0)
  await expect(
    page.getByRole('link', { name: 'Find US60046085 on Espacenet (opens in a new tab)' }),
  ).toHaveAttribute('href', /espacenet/)
  await page.goto('/patent-details/US60046085')
  await expect(page.getByText('Patent Not Found')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Search' }).click()
  await expect(page).toHaveURL(/\/search$/)
})

test("find a patent's prior art: its report against what came before its own dates, on screen and as a PDF", async ({
  page,
}) => {
  // US7473205B2: priority 25 August 2005, filed 24 August 2006.
  await page.goto('/patent-details/US7473205B2')
  await expect(page.getByRole('tab', { name: 'Prior art' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Find prior art' }).click()
  await expect(page.getByRole('tab', { name: 'Prior art' })).toHaveAttribute('aria-selected', 'true')
  await expect(
    page.getByText(
      'Prior art is what was made public before 25 August 2005, the priority date; patents filed before 24 August 2006, the filing date, and made public later are cited as P or E.',
    ),
  ).toBeVisible({ timeout: 30_000 })
  const report = page.getByRole('table', { name: 'Search report' })
  // Filed between the two dates, its publication date unknown: P, with the note saying what to check.
  const between = report.getByRole('row', { name: /US7436090/ })
  await expect(between.getByRole('cell').first()).toHaveText('P')
  await expect(between).toContainText('it is P if made public before 24 August 2006, else E.')
  await expect(report.getByRole('row', { name: /US7473205B2/ })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/patents/prior-art.png', fullPage: true })

  const pdf = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Search report (PDF)' }).click()
  const file = await pdf
  expect(file.suggestedFilename()).toBe('search-report.pdf')
  await file.saveAs('test-results/patents/search-report.pdf')
  const docx = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Search report (DOCX)' }).click()
  expect((await docx).suggestedFilename()).toBe('search-report.docx')

  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/patents/prior-art-390.png', fullPage: true })
})

test('a sparse record shows the empty texts, never invented data', async ({ page }) => {
  await page.goto('/patent-details/US7441308')
  await expect(page.getByText('Not specified').first()).toBeVisible()
  await page.getByRole('tab', { name: 'Claims' }).click()
  await expect(page.getByText('Claims information is not available for this patent.')).toBeVisible()
  await page.getByRole('tab', { name: 'Patent Family' }).click()
  await expect(page.getByText('No family information available for this patent.')).toBeVisible()
  await page.getByRole('tab', { name: 'Classifications' }).click()
  await expect(page.getByText('No classification information available for this patent.')).toBeVisible()
})

test('filters by filing date typed day first, keeping ISO dates in the URL', async ({ page }) => {
  await page.goto('/serpapi-search?q=hinge')
  const from = page.getByLabel('Filed from')
  const to = page.getByLabel('Filed to')
  await from.fill('1/1/2005')
  await to.fill('31/02/2010')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Enter a real date as dd/mm/yyyy, for example 02/03/2026.')).toBeVisible()
  await expect(to).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\?q=hinge$/)

  await to.fill('31/12/2004')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('The end date must not be before the start date.')).toBeVisible()

  await to.fill('31.12.2010')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/\?q=hinge&from=2005-01-01&to=2010-12-31$/)
  await expect(from).toHaveValue('01/01/2005')
  await expect(to).toHaveValue('31/12/2010')
  await expect(to).not.toHaveAttribute('aria-invalid', 'true')

  // An impossible date in the address is the server's clear refusal at the field, not an error page.
  await page.goto('/serpapi-search?q=hinge&from=2010-02-31')
  await expect(from).toHaveValue('31/02/2010')
  await expect(from).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter a real date as dd/mm/yyyy, for example 02/03/2026.')).toBeVisible()
})

test('the empty and error states of search, details and comparison', async ({ page }) => {
  await page.goto('/serpapi-search?q=zzqxvwk')
  await expect(page.getByText('No patents found')).toBeVisible()
  await expect(page.getByText('Try a different search term or modify your query')).toBeVisible()

  await page.goto('/patent-comparison?refs=US7441308')
  await expect(
    page.getByText(
      'Please select at least two patents to compare. Go back to the search page to select patents.',
    ),
  ).toBeVisible()

  // The server cannot be reached: the failure toasts (docs/product.md, Messages and errors), after the
  // query's retries.
  await page.route('**/api/public/serpapi/patents?**', (route) => route.abort())
  await page.goto('/serpapi-search?q=hinge')
  await expect(page.getByText('Search Error', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(
    page.getByText('There was an error performing your search. Please try again.').first(),
  ).toBeVisible()

  await page.route('**/api/public/patents/details/**', (route) => route.abort())
  await page.goto('/patent-details/US7441308')
  await expect(page.getByText('Error Loading Patent Details', { exact: true }).first()).toBeVisible({
    timeout: 15_000,
  })
})
