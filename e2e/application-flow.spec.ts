import { expect, type Page, test } from '@playwright/test'
import { admin, loginThroughUi, registerThroughUi } from './support'

// A PDF that opens (a catalogue and an empty page tree): uploads are read before they are stored.
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
)
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

const title = `Self-levelling tripod head ${Date.now().toString(36)}`
const shots = 'test-results/flow'

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

async function openReview(page: Page) {
  await page.goto('/admin')
  await page.getByPlaceholder('Search applications...').fill(title)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Review' }).click()
  await expect(page.getByRole('tab', { name: 'Review Application' })).toHaveAttribute('aria-selected', 'true')
}

async function setStatus(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: label, exact: true }).click()
  await page.getByRole('button', { name: 'Update Status' }).click()
  await expect(page.getByText('The application status has been updated.')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Patent Applications' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
}

test('an application goes from draft with documents, through revision, to approval', async ({ browser }) => {
  // Budget: four steps, each waiting on the other user's last (two browsers, uploads, two status changes);
  // each step's waits are conditions, the budget is for a busy machine running them one after another.
  test.setTimeout(240_000)
  const applicant = await (await browser.newContext()).newPage()
  const reviewer = await (await browser.newContext()).newPage()

  await test.step('the applicant drafts an application with two documents', async () => {
    await registerThroughUi(applicant)
    await applicant.goto('/new-application')
    await applicant.getByLabel('Title').fill(title)
    await applicant
      .getByLabel('Abstract')
      .fill('A tripod head that levels itself with a damped pendulum and locks with a friction clutch.')
    await applicant.getByRole('button', { name: 'Next' }).click()
    await applicant
      .getByLabel('Description', { exact: true })
      .fill(
        'The invention relates to camera supports. A pendulum hangs below the head and swings to the vertical; ' +
          'a friction clutch then locks the head so the camera stays level on uneven ground.',
      )
    await applicant.getByRole('button', { name: 'Next' }).click()
    await applicant
      .getByLabel('Claim 1', { exact: true })
      .fill('A tripod head comprising a pendulum and a clutch.')
    await applicant.getByRole('button', { name: 'Add Claim' }).click()
    await applicant
      .getByLabel('Claim 2', { exact: true })
      .fill('The tripod head of claim 1, wherein the clutch is a friction clutch.')
    await applicant.getByLabel('Document files').setInputFiles([
      { name: 'drawing.png', mimeType: 'image/png', buffer: png },
      { name: 'specification.pdf', mimeType: 'application/pdf', buffer: pdf },
    ])
    await expect(
      applicant.getByRole('list', { name: 'Selected documents' }).getByRole('listitem'),
    ).toHaveCount(2)
    await shoot(applicant, '01-new-application')
    await applicant.getByRole('button', { name: 'Save Application' }).click()
    await expect(applicant).toHaveURL(/\/patents$/)
    await expect(applicant.getByText('Your application has been saved as a draft.')).toBeVisible()
    await expect(applicant.getByRole('row').filter({ hasText: title })).toContainText('Draft')
    await shoot(applicant, '02-my-patents-draft')
  })

  await test.step('an administrator finds it, sends feedback and asks for a revision', async () => {
    await loginThroughUi(reviewer, admin)
    await expect(reviewer).toHaveURL(/\/admin$/)
    await openReview(reviewer)
    await reviewer.getByRole('tab', { name: /Documents/ }).click()
    await expect(reviewer.getByText('drawing.png')).toBeVisible()
    await expect(reviewer.getByText('specification.pdf')).toBeVisible()
    await reviewer.getByRole('tab', { name: /Feedback/ }).click()
    await reviewer.getByLabel('Add Feedback').fill('Claim 1 needs a reference to the pendulum damping.')
    await reviewer.getByRole('button', { name: 'Submit Feedback' }).click()
    await expect(reviewer.getByText('Your feedback has been sent to the applicant.')).toBeVisible()
    await shoot(reviewer, '03-review-feedback')
    await setStatus(reviewer, 'Revision Required')
    await shoot(reviewer, '04-admin-list')
  })

  await test.step('the applicant sees the badge, the notification and the feedback, edits and submits', async () => {
    await applicant.goto('/dashboard')
    const bell = applicant.getByRole('button', { name: 'Notifications' })
    await expect(bell.getByTestId('unread-count')).toHaveText('3')
    await bell.click()
    const dropdown = applicant.getByRole('dialog', { name: 'Latest notifications' })
    await expect(dropdown.getByText('Application status updated')).toBeVisible()
    await expect(dropdown.getByText('New feedback on your application')).toBeVisible()
    await shoot(applicant, '05-notifications')
    await applicant.keyboard.press('Escape')

    await applicant.goto('/patents')
    const row = applicant.getByRole('row').filter({ hasText: title })
    await expect(row).toContainText('Action Required')
    await row.getByRole('link', { name: 'Feedback' }).click()
    await expect(applicant.getByText('Claim 1 needs a reference to the pendulum damping.')).toBeVisible()
    await shoot(applicant, '06-feedback')

    await applicant.goto('/patents')
    await applicant.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'Edit' }).click()
    await applicant.getByRole('tab', { name: 'Claims & Documents' }).click()
    await applicant
      .getByLabel('Claim 1', { exact: true })
      .fill('A tripod head comprising a damped pendulum and a clutch.')
    await applicant.getByRole('button', { name: 'Save Changes' }).click()
    await expect(applicant).toHaveURL(/\/patents\/\d+$/)
    await applicant.getByRole('button', { name: 'Submit for Review' }).click()
    // A submission cannot be undone: the dialog asks first (naming any open drafting problems).
    await applicant.getByRole('dialog').getByRole('button', { name: 'Submit for Review' }).click()
    await expect(applicant.getByText('Submitted', { exact: true }).first()).toBeVisible()
    await shoot(applicant, '07-submitted')
  })

  await test.step('the administrator approves, and editing is then disabled', async () => {
    await openReview(reviewer)
    await expect(reviewer.getByText('A tripod head comprising a damped pendulum and a clutch.')).toBeVisible()
    await setStatus(reviewer, 'Approved')
    await applicant.goto('/patents')
    const row = applicant.getByRole('row').filter({ hasText: title })
    await expect(row).toContainText('Approved')
    await expect(row.getByRole('button', { name: 'Edit' })).toBeDisabled()
    await row.getByRole('link', { name: 'View' }).click()
    await expect(applicant.getByRole('button', { name: 'Submit for Review' })).toHaveCount(0)
    await shoot(applicant, '08-approved-detail')
  })
})
