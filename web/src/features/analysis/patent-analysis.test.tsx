import { analysisMessages } from '@patentdesk/contract/analysis'
import { readingMessages } from '@patentdesk/contract/documents'
import { messages } from '@patentdesk/contract/errors'
import { screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { seedCoverage } from '@/features/corpus/coverage-factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { stubApi } from '@/test/stub-api'
import { buildAnalysisResult } from './analysis-factories'
import { PatentAnalysis } from './patent-analysis'

function renderAnalysis() {
  const queryClient = createTestQueryClient()
  // The coverage line's query is its own (corpus-coverage tests): loaded already, it sends nothing here.
  seedCoverage(queryClient)
  return renderWithProviders(
    <>
      <PatentAnalysis />
      <Toaster />
    </>,
    { path: '/patent-analysis', queryClient },
  )
}

const analysisPath = '/api/public/patents/comprehensive-analysis'

/** An analysis that answers only when the test says so, to look at the screen while the run is pending. */
function holdAnalysis() {
  let answer: (response: Response) => void = () => {}
  const calls = stubApi({
    [`POST ${analysisPath}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
  })
  return { calls, answer: (response: Response) => answer(response) }
}

const analyzeButton = () => screen.getByRole('button', { name: 'Analyze Patent' })

describe('PatentAnalysis form', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('labels its fields and keeps Analyze Patent disabled while both are empty', async () => {
    const { user } = renderAnalysis()
    expect(screen.getByLabelText('Patent Description').getAttribute('rows')).toBe('6')
    expect(screen.getByLabelText('Supporting Document (optional)').getAttribute('accept')).toBe(
      '.pdf,.doc,.docx,.jpg,.jpeg,.png',
    )
    expect(analyzeButton()).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Patent Title'), 'Soil sensor')
    expect(analyzeButton()).toHaveProperty('disabled', false)
    await user.clear(screen.getByLabelText('Patent Title'))
    expect(analyzeButton()).toHaveProperty('disabled', true)
  })

  it("shows the corpus coverage under the form's heading", () => {
    renderAnalysis()
    const heading = screen.getByRole('heading', { name: 'Patent Information' })
    const line = screen.getByText(/^Searches /)
    expect(line.textContent).toMatch(/^Searches 47,046 US documents published 2001–2023 and 64 EP documents/)
    expect(heading.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      screen.getByLabelText('Patent Title').compareDocumentPosition(line) & Node.DOCUMENT_POSITION_PRECEDING,
    ).toBeTruthy()
  })

  it('asks for the missing field with a toast and sends nothing', async () => {
    const calls = stubApi()
    const { user } = renderAnalysis()
    await user.type(screen.getByLabelText('Patent Description'), 'A probe that measures soil moisture.')
    await user.click(analyzeButton())
    expect(await screen.findByText('Missing Information')).toBeTruthy()
    expect(screen.getByText(analysisMessages.missing)).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('refuses a priority date that is not a real day, or is later than today, before sending', async () => {
    const calls = stubApi()
    const { user } = renderAnalysis()
    await user.type(screen.getByLabelText('Patent Title'), 'Soil sensor')
    await user.type(screen.getByLabelText('Patent Description'), 'A probe.')
    const date = screen.getByLabelText('Priority or filing date (optional)')
    await user.type(date, '30/02/2015')
    await user.click(analyzeButton())
    expect(await screen.findByText(messages.ukDate)).toBeTruthy()
    await user.clear(date)
    await user.type(date, '01/01/2999')
    await user.click(analyzeButton())
    expect(await screen.findByText(analysisMessages.priorityDateLater)).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('refuses a document over 10 MB before uploading it', async () => {
    const calls = stubApi()
    const { user } = renderAnalysis()
    const document = new File(['%PDF'], 'spec.pdf', { type: 'application/pdf' })
    Object.defineProperty(document, 'size', { value: 10 * 1024 * 1024 + 1 })
    await user.upload(screen.getByLabelText('Supporting Document (optional)'), document)
    expect(await screen.findByText(analysisMessages.tooLarge)).toBeTruthy()
    await user.type(screen.getByLabelText('Patent Title'), 'Soil sensor')
    await user.type(screen.getByLabelText('Patent Description'), 'A probe.')
    await user.click(analyzeButton())
    expect(calls).toEqual([])
  })
})

describe('PatentAnalysis run', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sends the form as multipart, shows the progress, then the results; Start New Analysis clears it all', async () => {
    const { calls, answer } = holdAnalysis()
    const { user } = renderAnalysis()
    const document = new File(['%PDF-1.7'], 'spec.pdf', { type: 'application/pdf' })
    await user.type(screen.getByLabelText('Patent Title'), ' Soil sensor ')
    await user.type(screen.getByLabelText('Patent Description'), 'A probe that measures soil moisture.')
    await user.upload(screen.getByLabelText('Supporting Document (optional)'), document)
    await user.type(screen.getByLabelText('Priority or filing date (optional)'), '2.3.2015')
    await user.click(analyzeButton())

    const progress = await screen.findByRole('progressbar', { name: 'Analysis progress' })
    expect(progress.getAttribute('aria-valuenow')).toBe('30')
    expect(screen.getByText('Analysis in progress...')).toBeTruthy()
    expect(analyzeButton()).toHaveProperty('disabled', true)
    const [request] = calls
    expect(request?.path).toBe('/api/public/patents/comprehensive-analysis')
    expect(request?.method).toBe('POST')
    const body = request?.body as FormData
    expect([
      body.get('title'),
      body.get('description'),
      body.get('priorityDate'),
      (body.get('document') as File).name,
    ]).toEqual(['Soil sensor', 'A probe that measures soil moisture.', '2015-03-02', 'spec.pdf'])

    answer(Response.json(buildAnalysisResult()))
    expect(await screen.findByText('Analysis Complete')).toBeTruthy()
    expect(screen.getByText('Patent analysis completed successfully!')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Analysis Results' })).toBeTruthy()
    expect(screen.queryByRole('progressbar')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Start New Analysis' }))
    expect(screen.queryByRole('heading', { name: 'Analysis Results' })).toBeNull()
    expect(screen.getByLabelText('Patent Title')).toHaveProperty('value', '')
    expect(screen.getByLabelText('Patent Description')).toHaveProperty('value', '')
    expect(screen.getByLabelText('Supporting Document (optional)')).toHaveProperty('files.length', 0)
    expect(analyzeButton()).toHaveProperty('disabled', true)
  })

  it("shows the server's message in the Analysis Error box after the Analysis Failed toast", async () => {
    const { answer } = holdAnalysis()
    const { user } = renderAnalysis()
    await user.type(screen.getByLabelText('Patent Title'), 'Soil sensor')
    await user.type(screen.getByLabelText('Patent Description'), 'A probe.')
    await user.click(analyzeButton())
    answer(
      Response.json(
        { error: 'UNSUPPORTED_MEDIA_TYPE', message: analysisMessages.corruptFile },
        { status: 415 },
      ),
    )
    expect(await screen.findByText('Analysis Failed')).toBeTruthy()
    expect(
      screen.getByText('There was an error analyzing your patent application. Please try again.'),
    ).toBeTruthy()
    // The toast comes from the mutation cache, the box from the screen's own handler, a moment apart.
    expect(await screen.findByText('Analysis Error')).toBeTruthy()
    expect(screen.getByText(analysisMessages.corruptFile)).toBeTruthy()
    expect(analyzeButton()).toHaveProperty('disabled', false)
  })

  // Each way an analysis can fail after it was sent: the box shows what the server (or whatever
  // answered for it) said, never only a status name or the browser's words.
  it.each([
    {
      path: '503 when the patent index is busy',
      answer: () =>
        Response.json(
          { error: 'UNAVAILABLE', message: analysisMessages.indexUnavailable },
          { status: 503, headers: { 'Retry-After': '60' } },
        ),
      shown: analysisMessages.indexUnavailable,
    },
    {
      path: '422 after upload, when the document cannot be read',
      answer: () =>
        Response.json({ error: 'UNPROCESSABLE', message: readingMessages.unreadable }, { status: 422 }),
      shown: readingMessages.unreadable,
    },
    {
      path: "429 in a rate limiter's own JSON",
      answer: () =>
        Response.json(
          { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 1 minute' },
          { status: 429 },
        ),
      shown: 'Rate limit exceeded, retry in 1 minute',
    },
    {
      path: '503 in plain text, over HTTP/2 (no status text)',
      answer: () => new Response('Upstream busy; try again in 30 seconds.', { status: 503 }),
      shown: '503: Upstream busy; try again in 30 seconds.',
    },
    {
      path: "502 as a proxy's HTML page",
      answer: () =>
        new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          statusText: 'Bad Gateway',
        }),
      shown: '502: Bad Gateway',
    },
  ])('shows what was said when the analysis fails: $path', async ({ answer, shown }) => {
    stubApi({ [`POST ${analysisPath}`]: answer })
    const { user } = renderAnalysis()
    await user.type(screen.getByLabelText('Patent Title'), 'Soil sensor')
    await user.type(screen.getByLabelText('Patent Description'), 'A probe.')
    await user.click(analyzeButton())
    const box = (await screen.findByText('Analysis Error')).parentElement as HTMLElement
    expect(box.textContent).toBe(`Analysis Error${shown}`)
  })

  it('says the server could not be reached when no answer came', async () => {
    stubApi({
      [`POST ${analysisPath}`]: () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const { user } = renderAnalysis()
    await user.type(screen.getByLabelText('Patent Title'), 'Soil sensor')
    await user.type(screen.getByLabelText('Patent Description'), 'A probe.')
    await user.click(analyzeButton())
    const box = (await screen.findByText('Analysis Error')).parentElement as HTMLElement
    expect(box.textContent).toBe(
      'Analysis ErrorThe server could not be reached. Check your connection and try again.',
    )
  })

  it('shows a 404 like any other failure, never as an empty search result', async () => {
    const { answer } = holdAnalysis()
    const { user } = renderAnalysis()
    await user.type(screen.getByLabelText('Patent Title'), 'Soil sensor')
    await user.type(screen.getByLabelText('Patent Description'), 'A probe.')
    await user.click(analyzeButton())
    answer(new Response('Not here', { status: 404 }))
    const box = (await screen.findByText('Analysis Error')).parentElement as HTMLElement
    expect(box.textContent).toBe('Analysis Error404: Not here')
  })
})
