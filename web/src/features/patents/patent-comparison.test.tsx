import { type PatentDetail, patentLimits, patentMessages } from '@patentdesk/contract/patents'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { stubApi } from '@/test/stub-api'
import { comparedPatentQueryOptions, similarityQueryOptions } from './api'
import { PatentComparison } from './patent-comparison'
import { buildPatentDetail, buildSimilarity, buildSparsePatentDetail } from './patent-factories'

const patents = [
  buildPatentDetail({ reference: 'US1', title: 'First', abstract: 'x'.repeat(300) }),
  buildSparsePatentDetail({ reference: 'US2', title: 'Second' }),
  buildPatentDetail({ reference: 'US3', title: 'Third', status: 'pending' }),
  buildPatentDetail({ reference: 'US4', title: 'Fourth' }),
]
const matrix = [
  [100, 39, 40, 60],
  [39, 100, 79, 80],
  [40, 79, 100, 59],
  [60, 80, 59, 100],
]

function renderComparison(path: string, seeded: PatentDetail[] = []) {
  const queryClient = createTestQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } })
  for (const patent of seeded) {
    queryClient.setQueryData(comparedPatentQueryOptions(patent.reference).queryKey, patent)
  }
  if (seeded.length > 1) {
    const references = seeded.map((patent) => patent.reference)
    queryClient.setQueryData(
      similarityQueryOptions(references).queryKey,
      buildSimilarity(
        seeded,
        matrix.slice(0, seeded.length).map((row) => row.slice(0, seeded.length)),
      ),
    )
  }
  return renderWithProviders(
    <>
      <PatentComparison />
      <Toaster />
    </>,
    { path, queryClient },
  )
}

const cellOf = (row: string, column: number) => {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${row}`) })
  return within(header.closest('tr') as HTMLElement).getAllByRole('cell')[column]
}

describe('PatentComparison', () => {
  beforeAll(() => {
    polyfillPointerCapture()
    // Radix measures the tooltip with ResizeObserver, which jsdom lacks.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(['/patent-comparison', '/patent-comparison?refs=US1', '/patent-comparison?refs=US1,us1,'])(
    'asks for two patents at %s',
    (path) => {
      const calls = stubApi()
      renderComparison(path)
      expect(screen.getByText(patentMessages.compareMin)).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe(
        '/serpapi-search',
      )
      expect(calls).toEqual([])
    },
  )

  it('shows each patent in the Overview and Side-by-Side tabs', async () => {
    const { user } = renderComparison('/patent-comparison?refs=US1,US2,US3', patents.slice(0, 3))
    expect(screen.getByRole('link', { name: 'First' }).getAttribute('href')).toBe('/patent-details/US1')
    expect(screen.getByText('pending').getAttribute('data-colour')).toBe('yellow')

    await user.click(screen.getByRole('tab', { name: 'Side-by-Side' }))
    const abstracts = within(screen.getByRole('rowheader', { name: 'Abstract' }).closest('tr') as HTMLElement)
    expect(abstracts.getByText(`${'x'.repeat(patentLimits.sideBySideCut)}...`)).toBeTruthy()
    expect(abstracts.getByText('No abstract available for this patent.')).toBeTruthy()
    const firstClaims = within(
      screen.getByRole('rowheader', { name: 'First Claim' }).closest('tr') as HTMLElement,
    )
    expect(firstClaims.getAllByText('A method of inhibiting thrombin-induced cell activation.')).toHaveLength(
      2,
    )
    expect(firstClaims.getByText('Claims information is not available for this patent.')).toBeTruthy()
  })

  it('shows the similarity matrix as a heatmap coloured by band, with the shared terms of a pair on hover and in text', async () => {
    const { user } = renderComparison('/patent-comparison?refs=US1,US2,US3,US4', patents)
    await user.click(screen.getByRole('tab', { name: 'Similarity Matrix' }))
    const band = (row: string, column: number) =>
      cellOf(row, column)?.querySelector('[data-band]')?.getAttribute('data-band')
    expect(band('US1', 1)).toBe('green')
    expect(band('US1', 2)).toBe('yellow')
    expect(band('US3', 3)).toBe('yellow')
    expect(band('US1', 3)).toBe('orange')
    expect(band('US2', 2)).toBe('orange')
    expect(band('US2', 3)).toBe('red')
    expect(band('US4', 1)).toBe('red')
    expect(cellOf('US2', 1)?.textContent).toBe('100%')
    expect(band('US2', 1)).toBeUndefined()
    expect(screen.getByRole('list', { name: 'Similarity bands' }).textContent).toBe(
      'Below 40%40–59%60–79%80% and above',
    )

    const cell = cellOf('US3', 1)?.querySelector('[data-band]')
    if (!cell) throw new Error('No cell for US3 against US2')
    await user.hover(cell)
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'US3 and US2: 79%. Shared terms: term12, hinge',
    )
    // Without pointing: the square's text names the terms for a screen reader.
    expect(cellOf('US2', 2)?.textContent).toBe('79%. Shared terms: term12, hinge')
  })

  it('reports a patent that cannot be fetched with the Error Loading Patents toast', async () => {
    stubApi({
      'GET /api/public/serpapi/patents/US404': [
        404,
        { error: 'NOT_FOUND', message: patentMessages.notFound },
      ],
      'GET *': patents[0],
    })
    renderComparison('/patent-comparison?refs=US1,US404')
    const title = await screen.findByText('Error Loading Patents')
    expect(
      within(title.closest('li') as HTMLElement).getByText(
        'There was an error fetching one or more patents. Please try again.',
      ),
    ).toBeTruthy()
    expect(screen.getByText('US404')).toBeTruthy()
  })
})
