import { analysisMessages } from '@patentdesk/contract/analysis'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { badgeVariants } from '@/components/ui/badge'
import { renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { stubApi } from '@/test/stub-api'
import { buildAnalysisResult, buildChartedResult, buildSimilarPatent } from './analysis-factories'
import { AnalysisResults } from './analysis-results'
import { inventionName } from './invention-name'

function renderResults(result = buildAnalysisResult(), onStartNew = () => {}) {
  return renderWithProviders(<AnalysisResults result={result} onStartNew={onStartNew} />)
}

const tab = (name: string) => screen.getByRole('tab', { name })
const badgeClass = (variant: 'default' | 'destructive' | 'outline') => badgeVariants({ variant })

describe('AnalysisResults', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows the summary: novelty out of 100, key terms, risks with their reasons, market and complexity', () => {
    renderResults()
    expect(tab('Summary').getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText(/solar-powered network of soil moisture sensors/)).toBeTruthy()
    expect(screen.getByText('64')).toBeTruthy()
    expect(screen.getByText('/ 100')).toBeTruthy()
    expect(screen.getByText('Mesh relaying between probes')).toBeTruthy()
    const terms = within(screen.getByRole('list', { name: 'Key terms' })).getAllByRole('listitem')
    expect(terms.map((term) => term.textContent)).toEqual(['soil moisture', 'mesh network', 'solar cell'])
    const risks = within(screen.getByRole('list', { name: 'Risks and challenges' })).getAllByRole('listitem')
    expect(risks.map((risk) => [...risk.querySelectorAll('p')].map((line) => line.textContent))).toEqual([
      ['Claim 1 may be too broad', 'Claim 1 names only two features.'],
      ['Reworded by a model'],
    ])
    expect(screen.getByText('High')).toBeTruthy()
    expect(screen.getByText('Terms of a large market: agriculture.')).toBeTruthy()
    expect(screen.getByText('Combines known parts in a new arrangement.')).toBeTruthy()
    expect(screen.getByText('Three technical fields are combined.')).toBeTruthy()
    expect(screen.getByText('Medium')).toBeTruthy()
  })

  it('cuts a similar patent description at 150 characters with an ellipsis and links out by reference', async () => {
    const long = 'x'.repeat(149) + 'yz'.repeat(30)
    const { user } = renderResults(
      buildAnalysisResult({
        similarPatents: {
          overallSimilarity: 48,
          patents: [
            buildSimilarPatent({ reference: 'GB2512345A', title: 'Moisture probe', description: long }),
          ],
        },
      }),
    )
    await user.click(tab('Similar Patents'))
    expect(screen.getByText(`${'x'.repeat(149)}y...`)).toBeTruthy()
    const external = screen.getByRole('link', { name: 'Moisture probe' })
    expect(external.getAttribute('href')).toBe('https://patents.google.com/patent/GB2512345A')
    expect(external.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('link', { name: 'Details for GB2512345A' }).getAttribute('href')).toBe(
      '/patent-details/GB2512345A',
    )
    expect(screen.getByText('soil, moisture, probe')).toBeTruthy()
    expect(screen.getByText('Your words it shares:')).toBeTruthy()
    expect(screen.getByText('Ordered by relevance among 320 candidates.')).toBeTruthy()
    expect(
      screen.getByText('Only patents filed before 2 March 2015, the priority date, are prior art.'),
    ).toBeTruthy()
  })

  it('charts the patents in the order of the list, most relevant first, by title', async () => {
    const { user } = renderResults(
      buildAnalysisResult({
        similarPatents: {
          overallSimilarity: 20,
          patents: [
            buildSimilarPatent({ reference: 'GB1', title: 'Phone camera steadier', similarityScore: 16 }),
            buildSimilarPatent({ reference: 'GB2', title: 'Tripod head', similarityScore: 27 }),
          ],
        },
      }),
    )
    await user.click(tab('Similar Patents'))
    const chart = screen.getByRole('region', { name: 'Most Relevant, with Their Similarity' })
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1. Phone camera steadier16%', '2. Tripod head27%'])
  })

  it('keeps a description of 150 characters or fewer whole', async () => {
    const exact = 'z'.repeat(150)
    const { user } = renderResults(
      buildAnalysisResult({
        similarPatents: { overallSimilarity: 10, patents: [buildSimilarPatent({ description: exact })] },
      }),
    )
    await user.click(tab('Similar Patents'))
    expect(screen.getByText(exact)).toBeTruthy()
  })

  it("marks a live source's patent by its source, and says in the notes what the source did", async () => {
    const said = "Google Patents (SerpApi) was searched too: 1 of its patents was ranked with the corpus's."
    const { user } = renderResults(
      buildAnalysisResult({
        similarPatents: {
          overallSimilarity: 40,
          patents: [
            buildSimilarPatent({ reference: 'US9994567B2', source: 'serpapi' }),
            buildSimilarPatent({ reference: 'US7441308' }),
          ],
        },
        notes: [said],
        sources: [{ name: 'serpapi', status: 'ok', message: said }],
      }),
    )
    expect(screen.getByText(said)).toBeTruthy()
    await user.click(tab('Similar Patents'))
    expect(screen.getAllByText('From Google Patents (SerpApi)')).toHaveLength(1)
  })

  it.each([
    [71, 'destructive'],
    [70, 'outline'],
  ] as const)('gives an overall similarity of %i%% the %s badge', async (overall, variant) => {
    const { user } = renderResults(
      buildAnalysisResult({ similarPatents: { overallSimilarity: overall, patents: [] } }),
    )
    await user.click(tab('Similar Patents'))
    expect(screen.getByText(`${overall}%`).className).toBe(badgeClass(variant))
    expect(screen.getByText('No similar patents found.')).toBeTruthy()
  })

  it('gives each patent the badge of its threshold: above 80, above 60, otherwise', async () => {
    const scores = [81, 80, 61, 60]
    const { user } = renderResults(
      buildAnalysisResult({
        similarPatents: {
          overallSimilarity: 50,
          patents: scores.map((similarityScore) =>
            buildSimilarPatent({ reference: `GB${similarityScore}`, similarityScore }),
          ),
        },
      }),
    )
    await user.click(tab('Similar Patents'))
    const badges = scores.map((score) => screen.getByText(`${score}% match`).className)
    expect(badges).toEqual([
      badgeClass('destructive'),
      badgeClass('default'),
      badgeClass('default'),
      badgeClass('outline'),
    ])
  })

  it('shows the engine in Technical Details, and the notes', async () => {
    const { user } = renderResults(
      buildAnalysisResult({ engine: 'llm:gpt-4o-mini', notes: ['The document text was cut.'] }),
    )
    expect(
      within(screen.getByRole('list', { name: 'Notes about the input' })).getByText(
        'The document text was cut.',
      ),
    ).toBeTruthy()
    await user.click(tab('Technical Details'))
    expect(screen.getByRole('heading', { name: 'Analysis Engine' })).toBeTruthy()
    expect(screen.getAllByText(/refined by the language model gpt-4o-mini/).length).toBeGreaterThan(0)
    // Which features the prior art holds is the claim chart's now.
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows the claim chart in the tab after Similar Patents', async () => {
    const { user } = renderResults(buildChartedResult())
    const names = screen.getAllByRole('tab').map((trigger) => trigger.textContent)
    expect(names).toEqual(['Summary', 'Similar Patents', 'Claim chart', 'Search report', 'Technical Details'])
    await user.click(tab('Claim chart'))
    const chart = screen.getByRole('table', { name: 'Claim chart' })
    expect(within(chart).getAllByRole('rowheader')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Claim chart (DOCX)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Claim chart (CSV)' })).toBeTruthy()
  })

  it('downloads the result as patent-analysis.json without a request', async () => {
    const calls = stubApi()
    // jsdom has no object URLs; the spy needs a method to wrap.
    URL.createObjectURL ??= () => ''
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:analysis')
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const result = buildAnalysisResult()
    const { user } = renderResults(result)
    await user.click(screen.getByRole('button', { name: 'Download' }))
    expect(names).toEqual(['patent-analysis.json'])
    const [blob] = createObjectURL.mock.calls[0] ?? []
    expect(blob).toBeInstanceOf(Blob)
    expect((blob as Blob).type).toBe('application/json')
    expect(JSON.parse(await (blob as Blob).text())).toEqual(result)
    expect(calls).toEqual([])
  })

  it('hands Start New Analysis to the page', async () => {
    const onStartNew = vi.fn()
    const { user } = renderResults(buildAnalysisResult(), onStartNew)
    await user.click(screen.getByRole('button', { name: 'Start New Analysis' }))
    expect(onStartNew).toHaveBeenCalledOnce()
  })

  it('lays out the search report as the IPO does: category, document and passages, claims; the date above', async () => {
    const citation = {
      title: 'Levelling head',
      filingDate: '2009-04-01',
      publicationDate: '2010-10-07',
      passages: [{ featureId: '1a', text: 'a pendulum that hangs plumb', location: 'claim 1' }],
      dateNote: null,
      family: [],
    }
    const { user } = renderResults(
      buildAnalysisResult({
        searchReport: {
          cutOff: { date: '2015-03-02', basis: 'filing date' },
          claims: [
            { number: 1, independent: true },
            { number: 2, independent: false },
          ],
          citations: [
            { ...citation, reference: 'US1000001', category: 'X', claims: [1, 2], combinedWith: [] },
            {
              ...citation,
              reference: 'US1000002',
              category: 'A',
              claims: [2],
              combinedWith: [],
              publicationDate: null,
              dateNote: analysisMessages.publicationUnknown('2015-03-02'),
            },
            {
              ...citation,
              reference: 'US1000003',
              category: 'E',
              claims: [1],
              combinedWith: [],
              publicationDate: '2015-09-10',
              family: ['EP1000003A1'],
            },
          ],
        },
      }),
    )
    await user.click(tab('Search report'))
    expect(
      screen.getByText('Only patents filed before 2 March 2015, the filing date, are prior art.'),
    ).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Search report' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Document and relevant passages', 'Relevant to claims'])
    const [, x, a, e] = within(table).getAllByRole('row')
    expect(within(x as HTMLElement).getByText('X')).toBeTruthy()
    expect(within(x as HTMLElement).getByText('1, 2')).toBeTruthy()
    expect(within(x as HTMLElement).getByText('“a pendulum that hangs plumb”', { exact: false })).toBeTruthy()
    expect(within(a as HTMLElement).getByText(analysisMessages.publicationUnknown('2015-03-02'))).toBeTruthy()
    expect(within(e as HTMLElement).getByText('E')).toBeTruthy()
    // The family member the search left out, named under the document that stands for it.
    expect(within(e as HTMLElement).getByText('EP1000003A1', { exact: false })).toBeTruthy()
    // The categories explained below the table.
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['X', 'Y', 'E', 'P', 'A', '&'])

    // On paper: the report on screen is sent to be laid out, named as the claim chart document names it.
    const calls = stubApi({ 'POST /api/public/search-report.pdf': new Response('%PDF-1.7') })
    URL.createObjectURL ??= () => ''
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report')
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    await user.click(screen.getByRole('button', { name: 'Search report (PDF)' }))
    await vi.waitFor(() => expect(names).toEqual(['search-report.pdf']))
    expect(calls[0]?.body).toMatchObject({
      subject: inventionName(buildAnalysisResult().analysis.summary),
      report: { cutOff: { basis: 'filing date' } },
    })
    expect(screen.getByRole('button', { name: 'Search report (DOCX)' })).toBeTruthy()
  })
})
