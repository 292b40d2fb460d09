import { expect, type Page, test } from '@playwright/test'
import { registerThroughUi } from './support'

/**
 * A PDF that opens (a catalogue and an empty page tree), made large by a comment before its objects:
 * big enough that a throttled upload takes seconds, so its progress can be watched.
 */
const pdfOf = (paddingBytes: number) =>
  Buffer.from(
    `%PDF-1.4\n%${'x'.repeat(paddingBytes)}\n` +
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
  )
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)
const shots = process.env.E2E_SHOTS

/** Slows what the page sends to about 150 KB/s (Chromium's own throttling), so an upload takes a while. */
async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  })
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
}

async function fillToDocuments(page: Page, title: string) {
  await page.goto('/new-application')
  await page.getByLabel('Title').fill(title)
  await page
    .getByLabel('Abstract')
    .fill('A bicycle brake whose pads are cooled by air drawn through channels in the calliper body.')
  await page.getByRole('button', { name: 'Next' }).click()
  await page
    .getByLabel('Description', { exact: true })
    .fill(
      'The invention relates to bicycle brakes. Channels in the calliper body draw air past the pads as the ' +
        'wheel turns, so the pads stay cool on long descents and the braking force does not fade.',
    )
  await page.getByRole('button', { name: 'Next' }).click()
  await page
    .getByLabel('Claim 1', { exact: true })
    .fill('A bicycle brake comprising a calliper with air channels.')
}

const selected = (page: Page) => page.getByRole('list', { name: 'Selected documents' })

test('files upload as they are chosen, with their progress, before Save', async ({ page }) => {
  // Budget: a 900 KB upload throttled to 150 KB/s (about 6 s) and four steps that each save and reload.
  test.setTimeout(180_000)
  const title = `Air-cooled brake ${Date.now().toString(36)}`
  await registerThroughUi(page)
  await fillToDocuments(page, title)

  await test.step('a large file shows its own progress while it is on its way, before Save is pressed', async () => {
    const restore = await slowUploads(page)
    await page
      .getByLabel('Document files')
      .setInputFiles([{ name: 'specification.pdf', mimeType: 'application/pdf', buffer: pdfOf(900_000) }])
    const bar = selected(page).getByRole('progressbar', { name: 'Uploading specification.pdf' })
    // Part of the way: the bar has moved but the file has not all gone.
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0)
    const partWay = Number(await bar.getAttribute('aria-valuenow'))
    expect(partWay).toBeLessThan(100)
    if (shots) await page.screenshot({ path: `${shots}/upload-progress.png`, fullPage: true })
    await restore()
    await expect(selected(page).getByText('Uploaded', { exact: true })).toBeVisible({ timeout: 30_000 })
  })

  await test.step('a file the server refuses by its content says why at once, and Remove takes it away', async () => {
    await page
      .getByLabel('Document files')
      .setInputFiles([{ name: 'drawing.pdf', mimeType: 'application/pdf', buffer: png }])
    const refused = selected(page).getByRole('listitem').filter({ hasText: 'drawing.pdf' })
    await expect(
      refused.getByText("The file's content is not a PDF, JPG or PNG, whatever its name says.", {
        exact: true,
      }),
    ).toBeVisible()
    // Sending the same bytes again cannot help, so there is no Retry; Remove takes it off the list.
    await expect(refused.getByRole('button', { name: 'Retry drawing.pdf' })).toHaveCount(0)
    if (shots) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `${shots}/uploads-${width}.png`, fullPage: true })
      }
      await page.setViewportSize({ width: 1280, height: 800 })
    }
    await refused.getByRole('button', { name: 'Remove drawing.pdf' }).click()
    await expect(refused).toHaveCount(0)
  })

  await test.step('Save attaches the uploaded file to the new draft', async () => {
    await selected(page).getByLabel('Document type of specification.pdf').click()
    await page.getByRole('option', { name: 'Specification' }).click()
    await page.getByRole('button', { name: 'Save Application' }).click()
    await expect(page).toHaveURL(/\/patents$/)
    await expect(page.getByText('Your application has been saved as a draft.')).toBeVisible()
    await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'View' }).click()
    await page.getByRole('tab', { name: /Documents/ }).click()
    await expect(page.getByText('specification.pdf')).toBeVisible()
    await expect(page.getByText(/^Specification · Uploaded/)).toBeVisible()
  })

  await test.step('the detail page adds more with the same uploader', async () => {
    await page
      .getByLabel('Document files')
      .setInputFiles([{ name: 'figure.png', mimeType: 'image/png', buffer: png }])
    await expect(selected(page).getByText('Uploaded', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Save documents' }).click()
    await expect(page.getByText('The documents are saved with your application.')).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Documents (2)' })).toBeVisible()
    await expect(selected(page)).toHaveCount(0)
    if (shots) {
      await page.getByLabel('Document files').setInputFiles([
        {
          name: 'a-drawing-with-a-rather-long-file-name-of-the-kind-scanners-give.png',
          mimeType: 'image/png',
          buffer: png,
        },
      ])
      await expect(selected(page).getByText('Uploaded', { exact: true })).toBeVisible()
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await page.screenshot({ path: `${shots}/detail-documents-${width}.png`, fullPage: true })
      }
    }
  })
})
