import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { registerThroughUi } from './support'

const title = `Pendulum levelling clamp ${Date.now().toString(36)}`
const shots = 'test-results/filing'

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

const deadlineRow = (page: Page, id: string) =>
  page.getByRole('region', { name: 'Deadlines' }).locator(`tr[data-deadline="${id}"]`)

test('draft with live checks, record UK dates, see the deadlines, download the PDF', async ({ page }) => {
  await registerThroughUi(page)
  await page.goto('/new-application')
  await page.getByLabel('Title').fill(title)
  await page
    .getByLabel('Abstract')
    .fill('A levelling clamp holds a camera level with a damped pendulum and a lever that locks the jaw.')
  await page.getByRole('button', { name: 'Next' }).click()
  await page
    .getByLabel('Description', { exact: true })
    .fill(
      'The invention relates to camera clamps. A jaw grips a rail; a pendulum swings to the vertical and a ' +
        'lever then locks the jaw so that the camera stays level on uneven ground.',
    )
  await page.getByRole('button', { name: 'Next' }).click()

  const checks = page.getByRole('complementary', { name: 'Drafting checks' })
  const claim = page.getByLabel('Claim 1', { exact: true })
  await claim.fill('A levelling clamp comprising a jaw and a pendulum, wherein said lever locks the jaw.')
  const warning = checks.getByRole('button', { name: /"said lever" in claim 1 has no antecedent/ })
  await expect(warning).toBeVisible()
  await shoot(page, 'drafting-warning')

  // The panel links to the place: the claim gets focus with the words selected.
  await warning.click()
  await expect(claim).toBeFocused()
  expect(
    await claim.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd)),
  ).toBe('said lever')

  await claim.fill(
    'A levelling clamp comprising a jaw, a pendulum and a lever, wherein said lever locks the jaw.',
  )
  await expect(warning).toHaveCount(0)
  await expect(checks.getByText(/no antecedent/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Save Application' }).click()
  await expect(page).toHaveURL(/\/patents$/)

  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'View' }).click()
  await page.getByRole('tab', { name: 'UK Filing' }).click()
  await expect(
    page.getByText('Enter the priority date or the UK filing date to see the deadlines.'),
  ).toBeVisible()

  await page.getByRole('button', { name: 'Edit dates' }).click()
  await page.getByLabel('Priority date').fill('10/05/2025')
  await page.getByLabel('Earlier application number').fill('63/123,456')
  await page.getByLabel('Earlier application country').fill('US')
  // Dates are typed day first, whatever the browser's locale; 31 February is refused in the form.
  const filingDate = page.getByLabel('UK filing date')
  await filingDate.fill('31/02/2026')
  await page.getByLabel('UK application number').fill('GB123')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('A UK application number looks like GB2301234.5.')).toBeVisible()
  await expect(page.getByText('Enter a real date as dd/mm/yyyy, for example 02/03/2026.')).toBeVisible()
  await expect(filingDate).toHaveAttribute('aria-invalid', 'true')
  await filingDate.fill('2.3.2026')
  await filingDate.blur()
  await expect(filingDate).toHaveValue('02/03/2026')
  await page.getByLabel('UK application number').fill('GB2604321.7')
  await page.getByRole('button', { name: 'Save' }).click()

  await expect(deadlineRow(page, 'priority')).toContainText('10 May 2026')
  await expect(deadlineRow(page, 'priority')).toContainText('Done')
  await expect(deadlineRow(page, 'claims-fees-search')).toContainText('10 May 2026')
  await expect(deadlineRow(page, 'inventorship')).toContainText(/10 Sept(ember)? 2026/)
  await expect(deadlineRow(page, 'publication')).toContainText('10 November 2026')
  await expect(deadlineRow(page, 'examination')).toContainText('10 May 2027')
  await expect(deadlineRow(page, 'compliance')).toContainText('10 November 2029')
  await expect(page.getByRole('region', { name: 'Filing History' })).toContainText('GB2604321.7')
  await shoot(page, 'deadlines')

  const calendar = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download calendar (.ics)' }).click()
  const ics = await readFile((await (await calendar).path()) as string, 'utf8')
  expect(ics).toContain('BEGIN:VCALENDAR')
  expect(ics).toContain('Statement of inventorship')

  const pdfDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PDF' }).click()
  const download = await pdfDownload
  expect(download.suggestedFilename()).toMatch(/^PA-\d{4}-\d{5}\.pdf$/)
  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await download.path()) as string)))
  const firstPage = (await pdf.getPage(1)).getViewport({ scale: 1 })
  expect([Math.round(firstPage.width), Math.round(firstPage.height)]).toEqual([595, 842])
  const text = (await extractText(pdf, { mergePages: false })).text.map((page) => page.replace(/\s+/g, ' '))
  expect(text[0]).toContain(title)
  expect(text.find((page) => page.includes('CLAIMS'))).toContain('said lever locks the jaw')
  expect(text.at(-1)).toContain('ABSTRACT')

  await page.goto('/dashboard')
  const upcoming = page.getByRole('region', { name: 'Upcoming Deadlines' })
  await expect(upcoming).toContainText('Request for substantive examination')
  await shoot(page, 'dashboard')
})
