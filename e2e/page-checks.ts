import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { AxeResults, Result } from 'axe-core'

/**
 * axe-core from npm, evaluated in the page: a script tag would be refused by the app's strict CSP
 * (`script-src 'self'`), and the checks should meet the pages as users get them, CSP included.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const blocking = new Set(['serious', 'critical'])

function describeViolation({ id, impact, help, helpUrl, nodes }: Result) {
  const where = nodes.map(
    (node) => `    at ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
  )
  return [`  ${id} (${impact}): ${help} — ${helpUrl}`, ...where].join('\n')
}

/** The serious and critical axe-core violations on the page as it is now, one readable block each. */
export async function findAxeViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run(),
  )
  return results.violations.filter((violation) => blocking.has(violation.impact ?? '')).map(describeViolation)
}

/** How far the page scrolls sideways past the viewport, if it does. */
export async function findSidewaysScroll(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }))
  return scrollWidth > viewport ? [`  the page is ${scrollWidth} px wide in a ${viewport} px viewport`] : []
}
