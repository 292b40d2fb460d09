import { coverageLine } from '@patentdesk/contract/corpus'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { requestsTo, stubApi } from '@/test/stub-api'
import { corpusCoverageQueryOptions } from './api'
import { CorpusCoveragePage } from './corpus-coverage-page'
import { buildCoverage } from './coverage-factories'
import { CoverageLine } from './coverage-line'

const coveragePath = 'GET /api/public/corpus'

/** An answer the test gives when it says so, to look at the screen while the request is open. */
function heldAnswer() {
  let answer: (response: Response) => void = () => {}
  const response = new Promise<Response>((resolve) => (answer = resolve))
  return { route: () => response, answer: (body: unknown) => answer(Response.json(body)) }
}

const renderLine = (queryClient = createTestQueryClient()) =>
  renderWithProviders(
    <>
      <main>
        <CoverageLine />
      </main>
      <Toaster />
    </>,
    { path: '/serpapi-search', queryClient },
  )

describe('CoverageLine', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows nothing while the coverage loads, then the line with a link to the coverage page', async () => {
    const held = heldAnswer()
    const calls = stubApi({ [coveragePath]: held.route })
    const { router, user } = renderLine()
    await waitFor(() => expect(requestsTo(calls, coveragePath)).toHaveLength(1))
    expect(screen.getByRole('main').textContent).toBe('')

    held.answer(buildCoverage())
    const line = await screen.findByText(/^Searches /)
    expect(line.textContent).toBe(
      'Searches 47,046 US documents published 2001–2023 and 64 EP documents published 2021. What the corpus covers',
    )
    await user.click(within(line).getByRole('link', { name: 'What the corpus covers' }))
    expect(router.state.location.pathname).toBe('/coverage')
  })

  it.each([
    ['a 500', [500, { error: 'INTERNAL', message: 'An unexpected error occurred.' }]],
    ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows nothing, and raises no toast, after %s', async (_, answer) => {
    stubApi({ [coveragePath]: answer })
    const queryClient = createTestQueryClient()
    renderLine(queryClient)
    await waitFor(() =>
      expect(queryClient.getQueryState(corpusCoverageQueryOptions.queryKey)?.status).toBe('error'),
    )
    expect(screen.getByRole('main').textContent).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('CorpusCoveragePage', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const renderPage = () => renderWithProviders(<CorpusCoveragePage />, { path: '/coverage' })

  it('shows the line, the facts, a row per office and a row per year filed and published, gaps included', async () => {
    const coverage = buildCoverage({
      offices: [
        {
          country: 'US',
          documents: 47_000,
          undated: 46_754,
          firstYear: 2001,
          lastYear: 2003,
          firstFiled: 1999,
          lastFiled: 2002,
          kinds: [
            { kind: null, documents: 46_754 },
            { kind: 'B2', documents: 200 },
            { kind: 'A1', documents: 46 },
          ],
        },
        {
          country: 'EP',
          documents: 3,
          undated: 1,
          firstYear: 2003,
          lastYear: 2003,
          firstFiled: 2002,
          lastFiled: 2002,
          kinds: [{ kind: 'A1', documents: 3 }],
        },
      ],
      years: [
        { country: 'US', year: 1999, published: 0, filed: 46_000 },
        { country: 'US', year: 2001, published: 46, filed: 954 },
        { country: 'EP', year: 2002, published: 0, filed: 1 },
        { country: 'US', year: 2002, published: 0, filed: 46 },
        { country: 'EP', year: 2003, published: 2, filed: 0 },
        { country: 'US', year: 2003, published: 200, filed: 0 },
      ],
      total: 47_003,
    })
    stubApi({ [coveragePath]: coverage })
    renderPage()

    const line = await screen.findByText(coverageLine(coverage))
    expect(line.textContent).toBe(
      'Searches 47,000 US documents filed 1999–2002 (246 published 2001–2003) and 3 EP documents filed 2002 ' +
        '(2 published 2003).',
    )
    expect(screen.queryByRole('link', { name: 'What the corpus covers' })).toBeNull()
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent
    expect(fact('Documents')).toBe('47,003')
    expect(fact('Latest publication')).toBe('7 March 2023')
    expect(fact('Last import')).toMatch(/^26 November 2026/)

    const offices = screen.getByRole('table', { name: 'Documents by office' })
    expect(
      within(offices)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Office', 'Documents', 'Filed', 'Published', 'Undated', 'Kinds'])
    const officeRows = within(offices)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      )
    // Each office's undated count and kinds are columns from the sm breakpoint, and a row under the office's on
    // a phone.
    expect(officeRows).toEqual([
      [],
      ['US', '47,000', '1999–2002', '2001–2003', '46,754', 'unknown (46,754)B2 (200)A1 (46)'],
      ['46,754 without a publication dateKinds: unknown (46,754)B2 (200)A1 (46)'],
      ['EP', '3', '2002', '2003', '1', 'A1 (3)'],
      ['1 without a publication dateKinds: A1 (3)'],
    ])

    const years = screen.getByRole('table', { name: 'Documents by year' })
    // A pair per office, most documents first, and one of their sums (the only one a phone shows).
    expect(
      within(years)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Year',
      'US',
      'EP',
      'All offices',
      'Filed',
      'Published',
      'Filed',
      'Published',
      'Filed',
      'Published',
    ])
    const yearRows = within(years)
      .getAllByRole('row')
      .slice(2)
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        ...within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ])
    expect(yearRows).toEqual([
      ['1999', '46,000', '0', '0', '0', '46,000', '0'],
      ['2000', '0', '0', '0', '0', '0', '0'],
      ['2001', '954', '46', '0', '0', '954', '46'],
      ['2002', '46', '0', '1', '0', '47', '0'],
      ['2003', '0', '200', '0', '2', '0', '202'],
      // Without a filing date (none in the US, two in the EP) and without a publication date.
      ['No date', '0', '46,754', '2', '1', '2', '46,755'],
    ])
  })

  it('speaks of the filing years, and of no publication year, when no document has a publication date', async () => {
    const coverage = buildCoverage({
      total: 3,
      offices: [
        {
          country: 'EP',
          documents: 3,
          undated: 3,
          firstYear: null,
          lastYear: null,
          firstFiled: 2017,
          lastFiled: 2019,
          kinds: [{ kind: 'A1', documents: 3 }],
        },
      ],
      years: [
        { country: 'EP', year: 2017, published: 0, filed: 2 },
        { country: 'EP', year: 2019, published: 0, filed: 1 },
      ],
      latestPublication: null,
    })
    stubApi({ [coveragePath]: coverage })
    renderPage()
    expect(await screen.findByText('Searches 3 EP documents filed 2017–2019.')).toBeTruthy()
    expect(screen.getByText('Latest publication', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Not known',
    )
    const [, ep] = within(screen.getByRole('table', { name: 'Documents by office' })).getAllByRole('row')
    expect(
      within(ep as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['EP', '3', '2017–2019', '–', '3', 'A1 (3)'])
  })

  it('has a pair of columns for its one office, and no sums', async () => {
    const coverage = buildCoverage()
    stubApi({ [coveragePath]: { ...coverage, offices: coverage.offices.filter((o) => o.country === 'EP') } })
    renderPage()
    const years = await screen.findByRole('table', { name: 'Documents by year' })
    expect(
      within(years)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Year', 'EP', 'Filed', 'Published'])
  })

  it('says the corpus is empty, with no tables', async () => {
    stubApi({
      [coveragePath]: buildCoverage({
        total: 0,
        offices: [],
        years: [],
        latestPublication: null,
        lastImport: null,
      }),
    })
    renderPage()
    expect(await screen.findByText('The corpus holds no patents yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says what went wrong when the coverage cannot be loaded', async () => {
    stubApi({
      [coveragePath]: [503, { error: 'UNAVAILABLE', message: 'The service is briefly unavailable.' }],
    })
    renderPage()
    expect(await screen.findByText('The service is briefly unavailable.')).toBeTruthy()
  })
})
