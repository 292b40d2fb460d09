import { expect, type Page, test } from '@playwright/test'
import { findAxeViolations, findSidewaysScroll } from './page-checks'
import {
  adminScreens,
  anonymousPatentScreens,
  applicantScreens,
  findReferences,
  publicScreens,
  type Screen,
  signedInPatentScreens,
  signInAdmin,
  signInApplicantWithApplication,
  viewports,
  type WalkData,
  walkScreens,
} from './route-walker'

/** With E2E_SHOTS=<folder>, every checked screen is also saved there as a full-page PNG, to look at. */
const shots = process.env.E2E_SHOTS

async function saveScreenshot(page: Page, name: string) {
  const slug = name
    .replace(/\s*\(.*\)$/, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .toLowerCase()
  await page.screenshot({ path: `${shots}/${page.viewportSize()?.width}-${slug}.png`, fullPage: true })
}

/**
 * Every screen at 1280 px and at 390 px (a phone): no serious or critical axe-core violation, and
 * the page never scrolls sideways (wide content scrolls inside its own box).
 */
async function checkScreens(page: Page, screens: Screen[], data: WalkData) {
  const problems: string[] = []
  await walkScreens(page, screens, data, async (name) => {
    if (shots) await saveScreenshot(page, name)
    const found = [...(await findAxeViolations(page)), ...(await findSidewaysScroll(page))]
    if (found.length > 0) problems.push(`${name}:\n${found.join('\n')}`)
  })
  expect(problems, `\n${problems.join('\n\n')}\n`).toEqual([])
}

for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    // Budget: every screen of a walk opened and checked by axe-core, one after another (up to 49 s here).
    test.describe.configure({ timeout: 180_000 })

    test('the public screens are accessible and fit the width', async ({ page }) => {
      await checkScreens(page, publicScreens, { applicationId: 0, references: [] })
    })

    test('the patent screens of a visitor are accessible and fit the width', async ({ page, request }) => {
      await checkScreens(page, anonymousPatentScreens, {
        applicationId: 0,
        references: await findReferences(request),
      })
    })

    test('the screens of an applicant are accessible and fit the width', async ({ page, request }) => {
      await checkScreens(page, applicantScreens, await signInApplicantWithApplication(page, request))
    })

    test('the patent screens of a signed-in user are accessible and fit the width', async ({
      page,
      request,
    }) => {
      await checkScreens(page, signedInPatentScreens, await signInApplicantWithApplication(page, request))
    })

    test('the admin dashboard is accessible and fits the width', async ({ page, request }) => {
      await checkScreens(page, adminScreens, await signInAdmin(page, request))
    })
  })
}
