import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PriorArtPanel } from '@/features/analysis'
import { buildAnalysisResult } from '@/features/analysis/analysis-factories'
import { patentDetailQueryOptions } from '@/features/patents/api'
import { PatentDetails } from '@/features/patents/patent-details'
import { buildPatentDetail } from '@/features/patents/patent-factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { requestsTo, stubApi } from '@/test/stub-api'

function renderPage() {
  const patent = buildPatentDetail()
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(patentDetailQueryOptions(patent.reference).queryKey, patent)
  const rendered = renderWithProviders(
    <PatentDetails
      reference={patent.reference}
      priorArt={({ reference, title }) => <PriorArtPanel reference={reference} title={title} />}
    />,
    { path: `/patent-details/${patent.reference}`, queryClient },
  )
  return { ...rendered, patent }
}

describe('Find prior art on a patent’s details page', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('runs the search only when asked, then shows its report in a Prior art tab', async () => {
    const report = buildAnalysisResult({
      searchReport: {
        cutOff: { date: '1997-04-23', basis: 'priority date', filingDate: '1998-04-21' },
        claims: [{ number: 1, independent: true }],
        citations: [
          {
            reference: 'US5000001',
            title: 'Kinin antagonists',
            category: 'X',
            claims: [1],
            combinedWith: [],
            family: [],
            passages: [{ featureId: '1a', text: 'a bradykinin analogue', location: 'claim 1' }],
            filingDate: '1994-01-01',
            publicationDate: '1996-01-01',
            dateNote: null,
          },
        ],
      },
    })
    const calls = stubApi({ 'GET /api/public/patents/US6982249B1/prior-art': report })
    const { user } = renderPage()
    expect(screen.queryByRole('tab', { name: 'Prior art' })).toBeNull()
    expect(requestsTo(calls, '/api/public/patents/US6982249B1/prior-art')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Find prior art' }))
    expect(screen.getByRole('tab', { name: 'Prior art' }).getAttribute('aria-selected')).toBe('true')
    const table = await screen.findByRole('table', { name: 'Search report' })
    expect(within(table).getByText('Kinin antagonists')).toBeTruthy()
    expect(
      screen.getByText(/Prior art is what was made public before 23 April 1997, the priority date/),
    ).toBeTruthy()
    // Asked once, however often the tab is opened again.
    await user.click(screen.getByRole('tab', { name: 'Overview' }))
    await user.click(screen.getByRole('button', { name: 'Find prior art' }))
    expect(requestsTo(calls, '/api/public/patents/US6982249B1/prior-art')).toHaveLength(1)
  })

  it("shows the server's message when the search cannot run", async () => {
    stubApi({
      'GET /api/public/patents/US6982249B1/prior-art': [
        429,
        {
          error: 'TOO_MANY_REQUESTS',
          message: 'Too many analyses from this address. Please wait a minute and try again.',
        },
      ],
    })
    const { user } = renderPage()
    await user.click(screen.getByRole('button', { name: 'Find prior art' }))
    expect(
      await screen.findByText('Too many analyses from this address. Please wait a minute and try again.'),
    ).toBeTruthy()
  })
})
