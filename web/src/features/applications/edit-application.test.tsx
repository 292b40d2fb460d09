import { applicationMessages } from '@patentdesk/contract/applications'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { draftingChecksPath } from '@/features/drafting/api'
import { startSession } from '@/lib/session'
import { buildApplication, testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { type Route, requestsTo, stubApi } from '@/test/stub-api'
import { applicationQueryOptions, documentsQueryOptions } from './api'
import { EditApplication } from './edit-application'

const application = buildApplication({
  id: 42,
  userId: testUser.id,
  title: 'Self-heating mug',
  abstract: 'A mug that keeps a drink at a chosen temperature with an induction coil.',
  description:
    'The mug holds a sealed induction coil in its base and a thermistor in its wall; a controller switches the coil to keep the drink warm.',
  claims: ['A mug comprising an induction coil in its base.'],
})

/** The edit form of `application` on its last step, with the save and the submission answered as given. */
async function openLastStep(answers: { save: Route; submit?: Route }) {
  startSession(testUser)
  const calls = stubApi({
    [draftingChecksPath]: { issues: [] },
    'PUT /api/patents/42': answers.save,
    'POST /api/patents/42/submit': answers.submit ?? [500, undefined],
    'GET /api/patents/42': application,
    'GET /api/patents/42/documents': [],
  })
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(applicationQueryOptions(42).queryKey, application)
  queryClient.setQueryData(documentsQueryOptions(42).queryKey, [])
  const rendered = renderWithProviders(
    <>
      <EditApplication id={42} />
      <Toaster />
    </>,
    { path: '/new-application?edit=42', queryClient },
  )
  await rendered.user.click(screen.getByRole('button', { name: 'Next' }))
  await rendered.user.click(screen.getByRole('button', { name: 'Next' }))
  const save = screen.getByRole('button', { name: 'Save Changes' })
  await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false))
  return { ...rendered, calls }
}

async function submitForReview(user: Awaited<ReturnType<typeof openLastStep>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Submit for Review' }))
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit for Review' }),
  )
}

describe('EditApplication saving and submitting', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('Save Changes saves without submitting and opens the application', async () => {
    const { user, router, calls } = await openLastStep({ save: application })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Application updated')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/patents/42'))
    expect(requestsTo(calls, '*/submit')).toEqual([])
  })

  it('Submit for Review saves the changes first, then submits, and opens the application', async () => {
    const submitted = { ...application, status: 'submitted' }
    const { user, router, calls } = await openLastStep({ save: application, submit: submitted })
    await submitForReview(user)
    expect(await screen.findByText('Application submitted')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/patents/42'))
    const writes = calls.filter(({ method, path }) => method !== 'GET' && path.startsWith('/api/patents/'))
    expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'PUT /api/patents/42',
      'POST /api/patents/42/submit',
    ])
  })

  it('does not submit when the save fails, and names the failure a failed submission', async () => {
    const { user, router, calls } = await openLastStep({
      save: [409, { error: 'CONFLICT', message: applicationMessages.notEditable }],
    })
    await submitForReview(user)
    expect(await screen.findByText('Error submitting patent application')).toBeTruthy()
    expect(screen.getByText(applicationMessages.notEditable)).toBeTruthy()
    expect(requestsTo(calls, '*/submit')).toEqual([])
    expect(router.state.location.pathname).toBe('/new-application')
  })

  it('keeps the saved changes and stays on the form when the submission after the save fails', async () => {
    const { user, router, calls } = await openLastStep({
      save: application,
      submit: [409, { error: 'CONFLICT', message: applicationMessages.notEditable }],
    })
    await submitForReview(user)
    expect(await screen.findByText('Error submitting patent application')).toBeTruthy()
    expect(screen.getByText(applicationMessages.notEditable)).toBeTruthy()
    expect(requestsTo(calls, 'PUT /api/patents/42')).toHaveLength(1)
    expect(router.state.location.pathname).toBe('/new-application')
  })
})

describe('EditApplication meeting another save', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const theirs = { ...application, version: 2, title: 'Self-heating travel mug' }
  const stale = [409, { error: 'CONFLICT', message: applicationMessages.staleSave, current: theirs }]

  it('shows what the other save changed, and keeps mine only when asked, from their version', async () => {
    const answers = [stale, { ...application, version: 3 }]
    const { user, calls } = await openLastStep({ save: () => answers.shift() })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this application' })
    expect(screen.queryByText('Error updating patent application')).toBeNull()
    const changes = within(within(dialog).getByRole('region', { name: 'Their changes' }))
    expect(changes.getByText('travel').tagName).toBe('INS')
    expect(within(dialog).getByRole('region', { name: 'Your changes' }).textContent).toContain(
      'The two versions have the same text.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }))
    expect(await screen.findByText('Application updated')).toBeTruthy()
    const bodies = requestsTo(calls, 'PUT /api/patents/42').map(({ body }) => body)
    expect(bodies).toEqual([
      expect.objectContaining({ title: 'Self-heating mug', version: 1 }),
      expect.objectContaining({ title: 'Self-heating mug', version: 2 }),
    ])
  })

  it('takes theirs into the form, or keeps mine beside their changes to merge by hand', async () => {
    const { user, calls } = await openLastStep({ save: stale })
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    let dialog = await screen.findByRole('dialog', { name: 'Someone else saved this application' })
    await user.click(within(dialog).getByRole('button', { name: 'Merge by hand' }))
    const panel = screen.getByRole('region', { name: 'Their changes to merge' })
    expect(within(panel).getByText('travel').tagName).toBe('INS')

    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    dialog = await screen.findByRole('dialog', { name: 'Someone else saved this application' })
    await user.click(within(dialog).getByRole('button', { name: 'Take theirs' }))
    // The form starts again from their text, on its first step.
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Self-heating travel mug')
    expect(
      requestsTo(calls, 'PUT /api/patents/42').map(({ body }) => (body as { version: number }).version),
    ).toEqual([1, 2])
  })
})
