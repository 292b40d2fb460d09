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
/** axe rates these moderate, but every page must have them: one level-one heading, a main landmark, all content in landmarks. */
const structureRules = ['page-has-heading-one', 'landmark-one-main', 'region']

function describeViolation({ id, impact, help, helpUrl, nodes }: Result) {
  const where = nodes.map(
    (node) => `    at ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
  )
  return [`  ${id} (${impact}): ${help} — ${helpUrl}`, ...where].join('\n')
}

type Axe = { run: (context: unknown, options?: unknown) => Promise<AxeResults> }

/**
 * The serious and critical axe-core violations on the page as it is now, and any page-structure one, one
 * readable block each. A menu or popover open in its portal is left out of the structure rules only: a popup
 * belongs to no landmark.
 */
export async function findAxeViolations(page: Page) {
  // Colours are read as they settle: a tab fading to its disabled look mid-transition measures a contrast
  // it never keeps (#a4aebc on slate-100 was caught once, half way to the disabled tab's opacity).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // Only the violations are collected in full, not the nodes of every rule passed (10 of the walks' 73 s).
  const [all, structure] = await page.evaluate(async (rules) => {
    const { axe } = window as unknown as { axe: Axe }
    return [
      await axe.run(document, { resultTypes: ['violations'] }),
      await axe.run(
        { exclude: [['[data-radix-popper-content-wrapper]']] },
        { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] },
      ),
    ]
  }, structureRules)
  return [
    ...all.violations.filter((violation) => blocking.has(violation.impact ?? '')),
    ...structure.violations.filter((violation) => !blocking.has(violation.impact ?? '')),
  ].map(describeViolation)
}

/** How far the page scrolls sideways past the viewport, if it does. */
export async function findSidewaysScroll(page: Page) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }))
  return scrollWidth > viewport ? [`  the page is ${scrollWidth} px wide in a ${viewport} px viewport`] : []
}
