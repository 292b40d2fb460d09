import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { admin, newApplicant, ownAddress, sendJson, startSession } from './support'

/**
 * Every screen of the route table, in the state a user meets it (results shown, a tab opened, a
 * menu open), grouped by who may see it. The accessibility and the narrow-screen checks both walk
 * these lists, so a route added here is checked by both.
 */

/** What a signed-in walk needs: its user's application, and patents to compare. */
export type WalkData = { applicationId: number; references: string[] }

export type Screen = {
  name: string
  path: string | ((data: WalkData) => string)
  /** Waits until the screen shows what it is about: never a fixed delay. */
  ready: (page: Page) => Promise<void>
  /** Further states of the same screen (a tab, an open menu), each checked after its action. */
  states?: { name: string; act: (page: Page) => Promise<void> }[]
}

export const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click()
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true')
}

const tabState = (name: string) => ({ name: `${name} tab`, act: (page: Page) => openTab(page, name) })

const compareReady = async (page: Page) => {
  await heading(page, 'Patent Comparison')
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible()
}
const comparisonStates = [tabState('Side-by-Side'), tabState('Similarity Matrix')]

const analysisTitle = 'Self-levelling tripod head'
/** An unbroken word longer than a phone is wide: titles, texts and references must wrap it. */
const longWord = 'PCT/GB2026/051234-continuation-in-part-of-the-earlier-filed-application'
const analysisDescription =
  'A tripod head for cameras comprising a pendulum that swings to the vertical and a friction clutch that then ' +
  'locks the head so that the camera stays level on uneven ground. The pendulum is damped by a viscous fluid.'

/** The analysis page with a finished analysis, then each of its result tabs. */
const analysisWithResult: Screen = {
  name: 'patent analysis with a result',
  path: '/patent-analysis',
  ready: async (page) => {
    await heading(page, 'Patent Analysis')
    await page.getByLabel('Patent Title').fill(analysisTitle)
    await page.getByLabel('Patent Description').fill(analysisDescription)
    await page.getByRole('button', { name: 'Analyze Patent' }).click()
    await expect(page.getByText('Analysis Complete', { exact: true })).toBeVisible({ timeout: 30_000 })
  },
  states: [tabState('Similar Patents'), tabState('Claim chart'), tabState('Technical Details')],
}

/** The patent screens anyone may open, in whichever layout the session gives them. */
const patentScreens: Screen[] = [
  {
    name: 'patent search with results',
    path: '/serpapi-search?q=hinge',
    ready: async (page) => {
      await heading(page, 'Patent Search')
      await expect(page.getByText(/^[\d,]+ results$/)).toBeVisible()
    },
  },
  {
    name: 'patent details',
    path: '/patent-details/US6982249B1',
    ready: (page) =>
      expect(
        page.getByRole('heading', { name: 'Bradykinin analogs as selective inhibitors of cell activation' }),
      ).toBeVisible(),
    states: [tabState('Claims'), tabState('Patent Family'), tabState('Classifications')],
  },
  {
    name: 'corpus coverage',
    path: '/coverage',
    ready: async (page) => {
      await heading(page, 'Corpus coverage')
      await expect(page.getByRole('table', { name: 'Documents by year' })).toBeVisible()
    },
  },
  {
    name: 'comparison of two patents',
    path: ({ references }) => `/patent-comparison?refs=${references.slice(0, 2).join(',')}`,
    ready: compareReady,
    states: comparisonStates,
  },
  {
    name: 'comparison of five patents',
    path: ({ references }) => `/patent-comparison?refs=${references.slice(0, 5).join(',')}`,
    ready: compareReady,
    states: comparisonStates,
  },
]

export const publicScreens: Screen[] = [
  {
    name: 'landing',
    path: '/',
    ready: (page) => heading(page, 'PatentDesk'),
  },
  { name: 'login', path: '/login', ready: (page) => heading(page, 'Login') },
  { name: 'register', path: '/register', ready: (page) => heading(page, 'Register') },
  {
    name: 'forgot password',
    path: '/forgot-password',
    ready: (page) => heading(page, 'Forgot your password?'),
  },
  {
    name: 'reset password',
    path: '/reset-password?token=a-well-formed-token',
    ready: (page) => heading(page, 'Reset your password'),
  },
  {
    name: 'reset password with no token',
    path: '/reset-password',
    ready: (page) => heading(page, 'Reset your password'),
  },
  {
    name: 'unsubscribe',
    path: '/unsubscribe?token=a-well-formed-token',
    ready: async (page) => {
      await heading(page, 'Unsubscribe')
      await expect(page.getByRole('button', { name: 'Stop these mails' })).toBeVisible()
    },
    states: [
      {
        name: 'an unknown token',
        act: async (page) => {
          await page.getByRole('button', { name: 'Stop these mails' }).click()
          await expect(page.getByText('This unsubscribe link is not valid.', { exact: false })).toBeVisible()
        },
      },
    ],
  },
  {
    name: 'invitation, signed out',
    path: '/invitation?token=a-well-formed-token',
    ready: async (page) => {
      await heading(page, 'Invitation')
      await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible()
    },
  },
  { name: 'not found', path: '/no-such-page', ready: (page) => heading(page, '404 Page Not Found') },
]

/** A comparison that names a patent the corpus does not hold: the screen with its error toast. */
const comparisonWithError: Screen = {
  name: 'comparison with a patent that is not found (error toast)',
  path: ({ references }) => `/patent-comparison?refs=${references[0]},US1234567X9`,
  ready: async (page) => {
    await heading(page, 'Patent Comparison')
    await expect(page.getByRole('alert').filter({ hasText: 'Error Loading Patents' })).toBeVisible()
  },
}

export const anonymousPatentScreens: Screen[] = [...patentScreens, analysisWithResult, comparisonWithError]

/** A save the server refuses (a wrong current password): the form with its error toast. */
const failedPasswordChange = {
  name: 'a failed save (error toast)',
  act: async (page: Page) => {
    await page.getByLabel('Current Password').fill('not-my-password')
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass')
    await page.getByLabel('Confirm New Password').fill('brand-new-pass')
    await page
      .getByRole('button', { name: /Change Password|Update Password/ })
      .last()
      .click()
    await expect(page.getByRole('alert').filter({ hasText: 'Password change failed' })).toBeVisible()
  },
}

const userMenuState = {
  name: 'user menu open',
  act: async (page: Page) => {
    await page.getByRole('button', { name: /User menu/ }).click()
    await expect(page.getByRole('menu')).toBeVisible()
  },
}

export const applicantScreens: Screen[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    ready: async (page) => {
      await heading(page, 'Dashboard')
      await expect(page.getByText(/^Welcome back/)).toBeVisible()
      await expect(page.getByText('Loading applications...')).toHaveCount(0)
    },
    states: [
      {
        name: 'notifications open',
        act: async (page) => {
          await page.getByRole('button', { name: /Notifications/ }).click()
          await expect(page.getByRole('dialog', { name: 'Latest notifications' })).toBeVisible()
        },
      },
    ],
  },
  {
    name: 'my patents with an application',
    path: '/patents',
    ready: async (page) => {
      await heading(page, 'My Patents')
      await expect(page.getByText(analysisTitle).first()).toBeVisible()
    },
    states: [
      {
        name: 'shared with me',
        act: async (page) => {
          await openTab(page, 'Shared with me')
          await expect(page.getByText(sharedTitle)).toBeVisible()
        },
      },
      userMenuState,
    ],
  },
  {
    name: 'application detail',
    path: ({ applicationId }) => `/patents/${applicationId}`,
    ready: async (page) => {
      await heading(page, 'Application Details')
      await expect(page.getByRole('heading', { name: analysisTitle, level: 2 })).toBeVisible()
      await expect(page.getByText('Loading history...')).toHaveCount(0)
      await expect(page.getByRole('article', { name: 'Thread on Claim 1' })).toContainText(commentText)
    },
    states: [
      {
        name: 'share dialog',
        act: async (page) => {
          await page.getByRole('button', { name: 'Share' }).click()
          await expect(
            page.getByRole('dialog', { name: 'Share application' }).getByText(collaboratorEmail),
          ).toBeVisible()
        },
      },
      {
        name: 'new comment',
        act: async (page) => {
          await page.keyboard.press('Escape')
          await page.getByRole('button', { name: 'Comment on Abstract' }).click()
          await expect(page.getByText('Select the words the comment is about.')).toBeVisible()
        },
      },
      tabState('History'),
      tabState('Activity'),
    ],
  },
  {
    name: 'application feedback',
    path: ({ applicationId }) => `/patents/${applicationId}/feedback`,
    ready: async (page) => {
      await heading(page, 'Application Feedback')
      await expect(page.getByText(feedbackText)).toBeVisible()
    },
  },
  {
    name: 'new application',
    path: '/new-application',
    ready: async (page) => {
      await heading(page, 'New Patent Application')
      await expect(page.getByLabel('Title')).toBeVisible()
    },
  },
  {
    name: 'edit application',
    path: ({ applicationId }) => `/new-application?edit=${applicationId}`,
    ready: async (page) => {
      await heading(page, 'New Patent Application')
      await expect(page.getByLabel('Title')).toHaveValue(`${analysisTitle} ${longWord}`)
    },
  },
  {
    name: 'profile',
    path: '/profile',
    ready: async (page) => {
      await heading(page, 'My Profile')
      await expect(page.getByLabel('Email')).not.toHaveValue('')
    },
    states: [tabState('Change Password'), failedPasswordChange],
  },
  {
    name: 'settings',
    path: '/settings',
    ready: async (page) => {
      await heading(page, 'Application Settings')
      await expect(page.getByRole('tab').first()).toBeVisible()
    },
  },
  {
    name: 'saved searches',
    path: '/saved-searches',
    ready: async (page) => {
      await heading(page, 'Saved Searches')
      await expect(page.getByRole('link', { name: savedSearchName })).toBeVisible()
      await expect(page.getByRole('button', { name: /^Stop watching/ })).toBeVisible()
    },
    states: [
      {
        name: 'editing a saved search',
        act: async (page) => {
          await page.getByRole('button', { name: `Edit ${savedSearchName}` }).click()
          await expect(page.getByRole('dialog', { name: 'Edit saved search' })).toBeVisible()
        },
      },
    ],
  },
  {
    name: 'notifications',
    path: '/notifications',
    ready: async (page) => {
      await heading(page, 'Notifications')
      await expect(page.getByText('Welcome to PatentDesk')).toBeVisible()
    },
  },
]

export const signedInPatentScreens: Screen[] = patentScreens

export const adminScreens: Screen[] = [
  {
    name: 'admin dashboard',
    path: '/admin',
    ready: async (page) => {
      await heading(page, 'Admin Dashboard')
      await expect(page.getByRole('row').nth(1)).toBeVisible()
    },
    states: [
      {
        name: 'reviewing an application',
        act: async (page) => {
          await page.getByRole('row').nth(1).getByRole('button', { name: 'Review' }).click()
          await expect(page.getByRole('tab', { name: 'Review Application' })).toHaveAttribute(
            'aria-selected',
            'true',
          )
        },
      },
      tabState('Users'),
      tabState('Audit Log'),
    ],
  },
]

const feedbackText = 'Claim 1 needs a reference to the pendulum damping.'
/** A comment on the claim with a mention and a word wider than a phone, and the address it is shared with. */
const commentText = `@nobody-here is the clutch enough? ${longWord}`
const collaboratorEmail =
  'patent.attorney.of.the.intellectual.property.department@research-laboratory-of-the-applicant.example.org'
const sharedTitle = 'Folding tripod shared with the applicant'

/** Signs the page in as `session` (a token and its user, as the login answer gives them). */
function postJson(request: APIRequestContext, url: string, data: unknown, token?: string) {
  return sendJson(request, { url, data, token })
}

/** Five patents the comparison can show, found the way a user finds them. */
export async function findReferences(request: APIRequestContext) {
  const response = await request.get('/api/public/serpapi/patents?q=hinge')
  expect(response.ok()).toBe(true)
  const body = await response.json()
  const references = (body.patents as { reference: string }[]).map((patent) => patent.reference)
  expect(references.length).toBeGreaterThanOrEqual(5)
  return references.slice(0, 5)
}

/** A new applicant's session. */
const registerApplicant = (request: APIRequestContext) =>
  sendJson(request, { url: '/api/auth/register', data: newApplicant(), headers: ownAddress() })

/** A new applicant with one application that has feedback from the administrator, a comment and a collaborator. */
async function createApplicationWithFeedback(request: APIRequestContext) {
  const applicant = await registerApplicant(request)
  const application = await postJson(
    request,
    '/api/patents',
    {
      title: `${analysisTitle} ${longWord}`,
      abstract: `A tripod head that levels itself with a damped pendulum and locks with a friction clutch. ${longWord}`,
      description: `${analysisDescription} ${longWord}`,
      claims: [`A tripod head comprising a pendulum and a friction clutch, as in ${longWord}.`],
      status: 'draft',
    },
    applicant.token,
  )
  const administrator = await postJson(request, '/api/auth/login', admin)
  await postJson(
    request,
    `/api/admin/patents/${application.id}/feedback`,
    { content: `${feedbackText} See ${longWord}.` },
    administrator.token,
  )
  await postJson(
    request,
    `/api/patents/${application.id}/comments`,
    { anchor: { part: 'claim', index: 0, quote: 'friction clutch' }, text: commentText },
    applicant.token,
  )
  await postJson(
    request,
    `/api/patents/${application.id}/collaborators`,
    { email: collaboratorEmail, role: 'commenter' },
    applicant.token,
  )
  return { applicant, administrator, applicationId: Number(application.id) }
}

/** Another applicant's application, shared with `applicant` as a viewer. */
async function shareWith(request: APIRequestContext, applicant: { email: string }) {
  const owner = await registerApplicant(request)
  const application = await postJson(
    request,
    '/api/patents',
    {
      title: sharedTitle,
      abstract: 'A tripod whose legs fold into the column, shared with another applicant to read.',
      description: analysisDescription,
      claims: ['A tripod whose legs fold into its column.'],
      status: 'draft',
    },
    owner.token,
  )
  await postJson(
    request,
    `/api/patents/${application.id}/collaborators`,
    { email: applicant.email, role: 'viewer' },
    owner.token,
  )
}

/** A name longer than a phone is wide, without a space to break it at. */
const savedSearchName = `Hinges ${longWord}`

/** A new applicant, signed in on `page`, with one application that has feedback from the administrator, a
 * saved search and a watched patent. */
export async function signInApplicantWithApplication(page: Page, request: APIRequestContext) {
  const { applicant, applicationId } = await createApplicationWithFeedback(request)
  await shareWith(request, applicant)
  await startSession(page, applicant)
  const references = await findReferences(request)
  const query = { q: `hinge ${longWord}`, from: '2001-01-01', cpc: 'E05D', sort: 'new', dateType: 'filing' }
  await postJson(request, '/api/saved-searches', { name: savedSearchName, query }, applicant.token)
  await postJson(request, '/api/watches', { reference: references[0] }, applicant.token)
  return { applicationId, references }
}

/** The administrator, signed in on `page`, with an application of its own to review (the test stands alone). */
export async function signInAdmin(page: Page, request: APIRequestContext) {
  const { administrator, applicationId } = await createApplicationWithFeedback(request)
  await startSession(page, administrator)
  return { applicationId, references: [] }
}

/**
 * Opens each screen at the page's viewport, waits until it is ready, and hands it (and each of its
 * further states) to `check` with a name for the report.
 */
export async function walkScreens(
  page: Page,
  screens: Screen[],
  data: WalkData,
  check: (name: string) => Promise<void>,
) {
  for (const screen of screens) {
    const path = typeof screen.path === 'function' ? screen.path(data) : screen.path
    await page.goto(path)
    await screen.ready(page)
    await check(`${screen.name} (${path})`)
    for (const state of screen.states ?? []) {
      await state.act(page)
      await check(`${screen.name}, ${state.name} (${path})`)
    }
  }
}
