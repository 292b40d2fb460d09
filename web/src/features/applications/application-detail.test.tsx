import { applicationMessages } from '@patentdesk/contract/applications'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { ApplicationReview } from '@/features/admin/application-review'
import { buildAnalysisResult, buildChartedResult } from '@/features/analysis/analysis-factories'
import { commentsQueryOptions } from '@/features/comments/api'
import { draftingChecksPath } from '@/features/drafting/api'
import { startSession } from '@/lib/session'
import { buildApplication, buildDocument, buildFeedback, buildStatusChange, testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture, seedApplicationDetail } from '@/test/seed-application-detail'
import { requestsTo, stubApi } from '@/test/stub-api'
import { ApplicationDetail, type DetailTab } from './application-detail'

type RenderOptions = Omit<Parameters<typeof seedApplicationDetail>[1], 'application'> & {
  application?: ReturnType<typeof buildApplication>
  adminMode?: boolean
  initialTab?: DetailTab
  onReviewComplete?: () => void
}

function renderDetail({
  application = buildApplication(),
  adminMode,
  initialTab,
  onReviewComplete,
  ...data
}: RenderOptions = {}) {
  startSession({ ...testUser, isAdmin: Boolean(adminMode) })
  const queryClient = createTestQueryClient()
  seedApplicationDetail(queryClient, { application, ...data })
  queryClient.setQueryData(commentsQueryOptions(application.id).queryKey, [])
  return renderWithProviders(
    <>
      {adminMode ? (
        <ApplicationReview
          id={application.id}
          initialTab={initialTab}
          onBack={() => {}}
          onReviewComplete={onReviewComplete}
        />
      ) : (
        <ApplicationDetail id={application.id} initialTab={initialTab} />
      )}
      <Toaster />
    </>,
    { queryClient },
  )
}

const tab = (name: RegExp | string) => screen.getByRole('tab', { name })

/** An analysis as the server stores it, with what a test needs changed. */
const storedAnalysis = (changes: Record<string, unknown> = {}) => ({
  analysis: 'Close prior art exists.',
  similarityScore: 40,
  similarPatents: [],
  engine: 'offline',
  createdAt: new Date().toISOString(),
  ...changes,
})

describe('ApplicationDetail', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows the header, the numbered claims and the status history', () => {
    renderDetail({
      application: buildApplication({ title: 'Soil sensor', status: 'submitted' }),
      history: [buildStatusChange('draft', null, 1), buildStatusChange('submitted', 'draft', 2)],
    })
    expect(screen.getByRole('heading', { name: 'Soil sensor' })).toBeTruthy()
    expect(screen.getByText('PA-2026-00001')).toBeTruthy()
    expect(screen.getByText('Created')).toBeTruthy()
    expect(screen.getByText('Last Updated')).toBeTruthy()
    const claims = screen
      .getAllByRole('listitem')
      .filter((item) => item.closest('ol')?.classList.contains('list-decimal'))
    expect(claims.map((item) => item.textContent)).toEqual([
      'A sensor node comprising a probe.',
      'The node of claim 1 with a radio.',
    ])
    expect(screen.getByText('Created as Draft')).toBeTruthy()
  })

  it('shows an image icon for image files, a generic one otherwise, and the count in the tab', async () => {
    const { user } = renderDetail({
      documents: [
        buildDocument({ id: 1, fileName: 'drawing.png', fileType: 'image/png' }),
        buildDocument({
          id: 2,
          fileName: 'spec.pdf',
          fileType: 'application/pdf',
          documentType: 'specification',
        }),
      ],
    })
    await user.click(tab('Documents (2)'))
    const [image, pdf] = screen.getAllByRole('listitem')
    expect(within(image as HTMLElement).getByRole('img', { name: 'Image file' })).toBeTruthy()
    expect(within(pdf as HTMLElement).getByRole('img', { name: 'Document file' })).toBeTruthy()
    expect(within(pdf as HTMLElement).getByText('spec.pdf')).toBeTruthy()
    expect(within(pdf as HTMLElement).getByText(/Specification/)).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(2)
  })

  it('says so when no documents were uploaded', async () => {
    const { user } = renderDetail()
    await user.click(tab('Documents (0)'))
    expect(screen.getByText('No documents uploaded for this application.')).toBeTruthy()
  })

  it('opens on the Feedback tab for the feedback route, without the admin form for the owner', () => {
    renderDetail({ initialTab: 'feedback', feedback: [buildFeedback({ content: 'Add drawings.' })] })
    expect(tab('Feedback (1)').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('Add drawings.')).toBeTruthy()
    expect(screen.queryByLabelText('Add Feedback')).toBeNull()
    expect(screen.queryByRole('tab', { name: 'Analysis' })).toBeNull()
  })

  it("shows the owner the search report of the application's analysis once an administrator made it", async () => {
    const searchReport = buildAnalysisResult().searchReport
    stubApi({
      'GET /api/patents/1/search-report': { searchReport, createdAt: '2026-03-02T10:00:00.000Z' },
    })
    const { user } = renderDetail()
    await user.click(tab('Search report'))
    expect(await screen.findByText(/Only patents filed before 2 March 2015/)).toBeTruthy()
    expect(screen.getByText(/^Made on /)).toBeTruthy()
  })

  it('tells the owner there is no search report until the analysis is generated', async () => {
    stubApi({ 'GET /api/patents/1/search-report': null })
    const { user } = renderDetail()
    await user.click(tab('Search report'))
    expect(
      await screen.findByText(
        'No search report yet: it is made when an administrator generates the analysis of this application.',
      ),
    ).toBeTruthy()
  })

  it('blocks admin feedback while blank or only whitespace', async () => {
    const { user } = renderDetail({ adminMode: true, initialTab: 'feedback' })
    expect(screen.getByText('No feedback available for this application.')).toBeTruthy()
    const textarea = screen.getByLabelText('Add Feedback')
    const submit = screen.getByRole('button', { name: 'Submit Feedback' })
    expect(textarea.getAttribute('rows')).toBe('4')
    expect(submit).toHaveProperty('disabled', true)
    await user.type(textarea, '   ')
    expect(submit).toHaveProperty('disabled', true)
    await user.type(textarea, 'Looks good')
    expect(submit).toHaveProperty('disabled', false)
  })

  it('offers Edit and Submit for Review only while the owner may still change the application', () => {
    renderDetail({ application: buildApplication({ id: 3, status: 'revision_required' }) })
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/new-application?edit=3')
    expect(screen.getByRole('button', { name: 'Submit for Review' })).toBeTruthy()
  })

  it('asks before submitting, naming the open problems of the drafting checks', async () => {
    const issue = (id: string) => ({
      id,
      code: 'vague-term',
      severity: 'warning',
      field: 'claims',
      claim: 1,
      message: 'A vague term.',
      excerpt: null,
      start: null,
      end: null,
      rule: null,
    })
    const application = buildApplication({ id: 3, status: 'draft' })
    const submitted = { ...application, status: 'submitted' }
    // The submission, then the refetches it causes: the application itself, and empty lists.
    const calls = stubApi({
      [draftingChecksPath]: { issues: [issue('a'), issue('b'), issue('c')] },
      'POST /api/patents/3/submit': submitted,
      'GET /api/patents/3': submitted,
      'GET *': [],
    })
    const submitCalls = () => requestsTo(calls, '*/submit')
    const { user } = renderDetail({ application })
    await user.click(screen.getByRole('button', { name: 'Submit for Review' }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText(/3 open problems/)
    expect(within(dialog).getByText(/cannot be edited unless the reviewer asks for a revision/)).toBeTruthy()
    expect(submitCalls()).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(submitCalls()).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Submit for Review' }))
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit for Review' }),
    )
    expect(await screen.findByText('Application submitted')).toBeTruthy()
    expect(submitCalls()).toHaveLength(1)
  })

  it('hides the owner actions from anyone but the owner', () => {
    renderDetail({
      application: buildApplication({ status: 'draft', userId: testUser.id + 1, access: 'viewer' }),
    })
    expect(screen.queryByRole('button', { name: 'Submit for Review' })).toBeNull()
  })

  it('hides the owner actions once submitted', () => {
    renderDetail({ application: buildApplication({ status: 'submitted' }) })
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Submit for Review' })).toBeNull()
  })

  it('generates an analysis from the empty state and shows it once stored', async () => {
    const stored = storedAnalysis({ similarityScore: 40, result: buildAnalysisResult() })
    const calls = stubApi({
      'POST /api/admin/patents/1/analysis': [201, stored],
      'GET /api/patents/1/analysis': stored,
    })
    const { user } = renderDetail({ adminMode: true, analysis: null })
    await user.click(tab('Analysis'))
    expect(screen.getByText('No analysis data available for this application.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Generate Analysis' }))

    expect(await screen.findByText('Close prior art exists.')).toBeTruthy()
    const [post] = calls
    expect(post?.path).toBe('/api/admin/patents/1/analysis')
    expect(post?.method).toBe('POST')
    expect(screen.getByText('64')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Key terms' })).toBeTruthy()
    expect(screen.getByText('Claim 1 names only two features.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Regenerate Analysis' })).toBeTruthy()
  })

  it('shows a stored analysis in Overview and its claim chart in a tab of its own', async () => {
    const analysis = storedAnalysis({ result: buildChartedResult() })
    const { user } = renderDetail({ adminMode: true, analysis })
    await user.click(tab('Analysis'))
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('Close prior art exists.')).toBeTruthy()
    await user.click(tab('Claim chart'))
    const chart = screen.getByRole('table', { name: 'Claim chart' })
    expect(within(chart).getAllByRole('columnheader')).toHaveLength(3)
    expect(within(chart).getByText('Found · 100%')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Claim chart (CSV)' })).toBeTruthy()
  })

  it('keeps an analysis stored without the engine output in one view, with no claim chart', async () => {
    const { user } = renderDetail({ adminMode: true, analysis: storedAnalysis() })
    await user.click(tab('Analysis'))
    expect(screen.getByText('Close prior art exists.')).toBeTruthy()
    expect(screen.queryByRole('tab', { name: 'Claim chart' })).toBeNull()
  })

  it('tells the administrator when the analysis could not be generated', async () => {
    stubApi({
      'POST /api/admin/patents/1/analysis': [500, { error: 'INTERNAL', message: 'The engine is not ready.' }],
    })
    const { user } = renderDetail({ adminMode: true, analysis: null })
    await user.click(tab('Analysis'))
    await user.click(screen.getByRole('button', { name: 'Generate Analysis' }))
    expect(await screen.findByText('Error generating analysis')).toBeTruthy()
    // The toast and the box that stays in the panel both say what the server said.
    const box = (await screen.findByText('Analysis Error')).parentElement as HTMLElement
    expect(screen.getAllByText('The engine is not ready.')).toHaveLength(2)
    expect(box.textContent).toBe('Analysis ErrorThe engine is not ready.')
  })

  it("keeps the server's message in the panel when regenerating a stored analysis fails", async () => {
    stubApi({
      'POST /api/admin/patents/1/analysis': [
        503,
        { error: 'UNAVAILABLE', message: 'The prior-art search is not available at the moment.' },
      ],
    })
    const analysis = storedAnalysis({ similarityScore: 72 })
    const { user } = renderDetail({ adminMode: true, analysis })
    await user.click(tab('Analysis'))
    await user.click(screen.getByRole('button', { name: 'Regenerate Analysis' }))
    const box = (await screen.findByText('Analysis Error')).parentElement as HTMLElement
    expect(box.textContent).toBe('Analysis ErrorThe prior-art search is not available at the moment.')
    expect(screen.getByText('Close prior art exists.')).toBeTruthy()
  })

  it('lists similar patents, or says there are none', async () => {
    const analysis = storedAnalysis({ similarityScore: 72 })
    const { user } = renderDetail({ adminMode: true, analysis })
    await user.click(tab('Analysis'))
    expect(screen.getByText('Close prior art exists.')).toBeTruthy()
    expect(screen.getByText('72%')).toBeTruthy()
    expect(screen.getByText('No similar patents found.')).toBeTruthy()
  })

  it('keeps Update Status disabled until a status is chosen, then sends it and completes the review', async () => {
    const calls = stubApi({
      'PUT /api/admin/patents/1/status': buildApplication({ status: 'approved' }),
      'GET /api/patents/1': buildApplication({ status: 'approved' }),
      'GET /api/patents/1/analysis': null,
      'GET *': [],
    })
    const onReviewComplete = vi.fn()
    const { user } = renderDetail({ adminMode: true, onReviewComplete })
    const update = screen.getByRole('button', { name: 'Update Status' })
    expect(update).toHaveProperty('disabled', true)

    await user.click(screen.getByRole('combobox', { name: 'Status' }))
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'Draft',
      'Submitted',
      'Under Review',
      'Revision Required',
      'Approved',
      'Rejected',
    ])
    await user.click(screen.getByRole('option', { name: 'Approved' }))
    expect(update).toHaveProperty('disabled', false)

    await user.click(update)
    expect(await screen.findByText('Status updated')).toBeTruthy()
    expect(screen.getByText('The application status has been updated.')).toBeTruthy()
    expect(onReviewComplete).toHaveBeenCalledOnce()
    const put = calls.find(({ method }) => method === 'PUT')
    expect(put?.path).toBe('/api/admin/patents/1/status')
    expect(put?.body).toEqual({ status: 'approved' })
  })

  it('shows the not-found alert when the server refuses the application', async () => {
    stubApi({ 'GET /api/patents/99': [404, { error: 'NOT_FOUND', message: applicationMessages.notFound }] })
    startSession(testUser)
    renderWithProviders(<ApplicationDetail id={99} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(`Error${applicationMessages.notFound}`)
  })
})
