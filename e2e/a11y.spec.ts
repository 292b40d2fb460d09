import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
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
async function checkScreen(page: Page, screen: Screen, data: WalkData) {
  const problems: string[] = []
  await walkScreens(page, [screen], data, async (name) => {
    if (shots) await saveScreenshot(page, name)
    const found = [...(await findAxeViolations(page)), ...(await findSidewaysScroll(page))]
    if (found.length > 0) problems.push(`${name}:\n${found.join('\n')}`)
  })
  expect(problems, `\n${problems.join('\n\n')}\n`).toEqual([])
}

/** Who meets which screens, and what each walk needs first (a session, patents to compare). */
const walks: {
  who: string
  screens: Screen[]
  prepare: (page: Page, request: APIRequestContext) => Promise<WalkData>
}[] = [
  { who: 'anyone', screens: publicScreens, prepare: async () => ({ applicationId: 0, references: [] }) },
  {
    who: 'a visitor',
    screens: anonymousPatentScreens,
    prepare: async (_, request) => ({ applicationId: 0, references: await findReferences(request) }),
  },
  { who: 'an applicant', screens: applicantScreens, prepare: signInApplicantWithApplication },
  { who: 'a signed-in user', screens: signedInPatentScreens, prepare: signInApplicantWithApplication },
  { who: 'the administrator', screens: adminScreens, prepare: signInAdmin },
]

// A test per screen and width, each small beside its budget, which two workers share evenly: a walk of a
// whole list in one test took 49 s of its 90 on a loaded machine.
for (const viewport of viewports) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    for (const { who, screens, prepare } of walks)
      for (const screen of screens)
        test(`${screen.name}, as ${who}, is accessible and fits the width`, async ({ page, request }) => {
          await checkScreen(page, screen, await prepare(page, request))
        })
  })
}
