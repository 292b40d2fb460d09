import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { findAxeViolations, findSidewaysScroll } from './page-checks'

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search query' })

/** The page of results in view once loaded: a new order keeps the last one on screen, dimmed, until it comes. */
async function settledResults(page: Page) {
  const results = page.getByRole('region', { name: 'Search results' })
  await expect(results).toHaveAttribute('aria-busy', 'false')
  return results
}

async function choose(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click()
  await page.getByRole('option', { name: option }).click()
}

test('a query that cannot be read is marked where it fails, and a help example runs', async ({ page }) => {
  await page.goto('/serpapi-search')
  await searchBox(page).fill('(battery')
  await searchBox(page).press('Enter')
  await expect(page.getByText('This parenthesis is never closed. (at character 1)')).toBeVisible()
  await expect(page.locator('mark', { hasText: '(' })).toBeVisible()
  await expect(page).toHaveURL(/\/serpapi-search$/)

  await page.getByRole('button', { name: 'Syntax help' }).click()
  const help = page.getByRole('dialog', { name: 'Search syntax' })
  await expect(help.getByText('Patents citing US6011579')).toBeVisible()
  await help.getByRole('link', { name: 'batter* SAME charg*' }).click()
  await expect(help).toBeHidden()
  await expect(page).toHaveURL(/\/serpapi-search\?q=batter\*\+SAME\+charg\*$/)
  await expect(searchBox(page)).toHaveValue('batter* SAME charg*')
  await expect(page.getByText(/^[\d,]+ results?$/)).toBeVisible()
  await expect(page.getByText('This parenthesis is never closed.', { exact: false })).toHaveCount(0)

  // From the keyboard: the popover takes the focus, Tab reaches the examples, Enter runs one, Escape closes it.
  const trigger = page.getByRole('button', { name: 'Syntax help' })
  await trigger.focus()
  await page.keyboard.press('Enter')
  await expect(help).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()
  await expect(trigger).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(help.getByRole('link', { name: '(bicycle OR tricycle) -helmet' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\?q=%28bicycle\+OR\+tricycle%29\+-helmet$/)
  await expect(page.getByText(/^[\d,]+ results?$/)).toBeVisible()
})

test('sorts newest first by filing date, keeps one per family, and exports the search as CSV', async ({
  page,
}) => {
  await page.goto('/serpapi-search?q=battery')
  await expect(page.getByText(/^[\d,]+ results$/)).toBeVisible()

  await choose(page, 'Sort by', 'Newest first')
  await expect(page).toHaveURL(/\?q=battery&sort=new$/)
  await choose(page, 'Date', 'Filing date')
  await expect(page).toHaveURL(/\?q=battery&sort=new&dateType=filing$/)
  const results = await settledResults(page)
  const filed = (await results.getByText(/^Filed \d/).allTextContents()).map((text) =>
    Date.parse(text.replace('Filed ', '')),
  )
  expect(filed.length).toBeGreaterThan(1)
  expect(filed).toEqual([...filed].sort((a, b) => b - a))

  // A click rather than check(): the box shows the URL's state, which follows the click a moment later.
  await page.getByRole('checkbox', { name: 'One per family' }).click()
  await expect(page).toHaveURL(/\?q=battery&sort=new&dateType=filing&dups=family$/)
  await settledResults(page)
  await expect(page.getByRole('checkbox', { name: 'One per family' })).toBeChecked()
  const first = (
    await page
      .getByRole('checkbox', { name: /^Select / })
      .first()
      .getAttribute('aria-label')
  )?.replace('Select ', '')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV of the first 1,000 results' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.csv$/)
  const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/)
  expect(lines[0]).toMatch(/^search URL:,\S+\/search\?q=battery&sort=new&dateType=filing/)
  const header = lines.findIndex((line) => line.startsWith('reference,title'))
  expect(header).toBeGreaterThan(0)
  // The rows follow the order on screen.
  expect(lines[header + 1]?.split(',')[0]).toBe(first)
})

test('the tools and the help fit a phone, and the help passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/serpapi-search?q=battery&sort=new&dateType=publication&dups=family')
  await settledResults(page)
  await expect(page.getByRole('link', { name: /Export CSV/ })).toBeVisible()
  expect(await findSidewaysScroll(page)).toEqual([])

  await page.getByRole('button', { name: 'Syntax help' }).click()
  const help = page.getByRole('dialog', { name: 'Search syntax' })
  await expect(help).toBeVisible()
  const box = await help.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  expect(await findSidewaysScroll(page)).toEqual([])
  expect(await findAxeViolations(page)).toEqual([])
})
