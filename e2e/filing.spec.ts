import { readFile } from 'node:fs/promises'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { extractText, getDocumentProxy } from 'unpdf'
import { newApplicant, ownAddress, registerThroughUi, sendJson, startSession } from './support'

/**
 * Drafting to filing in three tests that each stand alone (and run side by side): the live drafting checks
 * while a draft is written, the UK dates and the deadlines they give, and the calendar and PDF downloads.
 * The last two start from an application made through the API, as the first test leaves one.
 */

const shots = 'test-results/filing'

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

const uniqueTitle = () => `Pendulum levelling clamp ${Date.now().toString(36)}${test.info().workerIndex}`
const abstract =
  'A levelling clamp holds a camera level with a damped pendulum and a lever that locks the jaw.'
const description =
  'The invention relates to camera clamps. A jaw grips a rail; a pendulum swings to the vertical and a ' +
  'lever then locks the jaw so that the camera stays level on uneven ground.'
const claim = 'A levelling clamp comprising a jaw, a pendulum and a lever, wherein said lever locks the jaw.'

const deadlineRow = (page: Page, id: string) =>
  page.getByRole('region', { name: 'Deadlines' }).locator(`tr[data-deadline="${id}"]`)

/** A new applicant with a saved draft (and, if given, its UK dates), signed in on `page`. */
async function applicantWithDraft(
  page: Page,
  request: APIRequestContext,
  { title, dates }: { title: string; dates?: Record<string, string | null> },
) {
  const session = await sendJson(request, {
    url: '/api/auth/register',
    data: newApplicant(),
    headers: ownAddress(),
  })
  const application = await sendJson(request, {
    url: '/api/patents',
    data: { title, abstract, description, claims: [claim], status: 'draft' },
    token: session.token,
  })
  if (dates)
    await sendJson(request, {
      method: 'PUT',
      url: `/api/patents/${application.id}/filing/dates`,
      data: dates,
      token: session.token,
    })
  await startSession(page, session)
  return Number(application.id)
}

test('a draft is checked as it is written: a claim word with no antecedent is flagged, linked and cleared', async ({
  page,
}) => {
  const title = uniqueTitle()
  await registerThroughUi(page)
  await page.goto('/new-application')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('Abstract').fill(abstract)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Description', { exact: true }).fill(description)
  await page.getByRole('button', { name: 'Next' }).click()

  const checks = page.getByRole('complementary', { name: 'Drafting checks' })
  const claimBox = page.getByLabel('Claim 1', { exact: true })
  await claimBox.fill('A levelling clamp comprising a jaw and a pendulum, wherein said lever locks the jaw.')
  const warning = checks.getByRole('button', { name: /"said lever" in claim 1 has no antecedent/ })
  await expect(warning).toBeVisible()
  await shoot(page, 'drafting-warning')

  // The panel links to the place: the claim gets focus with the words selected.
  await warning.click()
  await expect(claimBox).toBeFocused()
  expect(
    await claimBox.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd)),
  ).toBe('said lever')

  await claimBox.fill(claim)
  await expect(warning).toHaveCount(0)
  await expect(checks.getByText(/no antecedent/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Save Application' }).click()
  await expect(page).toHaveURL(/\/patents$/)
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Draft')
})

test('UK dates are typed day first and checked, and the deadlines follow from them', async ({
  page,
  request,
}) => {
  const title = uniqueTitle()
  await applicantWithDraft(page, request, { title })
  await page.goto('/patents')
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

  await page.goto('/dashboard')
  const upcoming = page.getByRole('region', { name: 'Upcoming Deadlines' })
  await expect(upcoming).toContainText('Request for substantive examination')
  await shoot(page, 'dashboard')
})

test('the deadlines download as a calendar and the application as an A4 PDF', async ({ page, request }) => {
  const title = uniqueTitle()
  const id = await applicantWithDraft(page, request, {
    title,
    dates: {
      priorityDate: '2025-05-10',
      priorityApplicationNumber: '63/123,456',
      priorityCountry: 'US',
      filingDate: '2026-03-02',
      applicationNumber: 'GB2604321.7',
      publicationDate: null,
      publicationNumber: null,
      firstExaminationReportDate: null,
      grantDate: null,
    },
  })
  await page.goto(`/patents/${id}`)
  await page.getByRole('tab', { name: 'UK Filing' }).click()
  await expect(deadlineRow(page, 'inventorship')).toContainText(/10 Sept(ember)? 2026/)

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
})
