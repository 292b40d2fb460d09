import type { PatentDetail } from '@patentdesk/contract/patents'
import { patentMessages } from '@patentdesk/contract/patents'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { stubApi } from '@/test/stub-api'
import { patentDetailQueryOptions } from './api'
import { PatentDetails } from './patent-details'
import { buildPatentDetail, buildSparsePatentDetail } from './patent-factories'

function renderDetails(reference: string, patent?: PatentDetail) {
  const queryClient = createTestQueryClient()
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } })
  if (patent) queryClient.setQueryData(patentDetailQueryOptions(reference).queryKey, patent)
  return renderWithProviders(
    <>
      <PatentDetails reference={reference} />
      <Toaster />
    </>,
    { path: `/patent-details/${reference}`, queryClient },
  )
}

const keyInformation = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent

describe('PatentDetails', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows a full record: header, key information, numbered claims, family links and classifications', async () => {
    const { user } = renderDetails('US6982249B1', buildPatentDetail())
    expect(
      screen.getByRole('heading', { name: 'Bradykinin analogs as selective inhibitors of cell activation' }),
    ).toBeTruthy()
    expect(screen.getByText('granted').getAttribute('data-colour')).toBe('green')
    expect(screen.getByText('Source: USPTO')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Search' }).getAttribute('href')).toBe('/search')
    expect(screen.getByRole('link', { name: 'View on Google Patents' }).getAttribute('href')).toBe(
      'https://patents.google.com/patent/US6982249B1',
    )
    expect(screen.getByText('The present invention provides bradykinin peptide analogs.')).toBeTruthy()
    expect(keyInformation('Filing Date')).toBe('21 April 1998')
    expect(keyInformation('Priority Date')).toBe('23 April 1997')
    expect(keyInformation('Application Number')).toBe('09402732')
    expect(keyInformation('Inventors')).toBe('Alvin H. Schmaier, Ahmed A. K. Hasan')
    expect(keyInformation('Kind')).toBe('B1')

    await user.click(screen.getByRole('tab', { name: 'Claims' }))
    const claims = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(claims).toEqual([
      '1.A method of inhibiting thrombin-induced cell activation.',
      '2.The method of claim 1.',
    ])

    await user.click(screen.getByRole('tab', { name: 'Patent Family' }))
    expect(screen.getByRole('link', { name: 'US60046085' }).getAttribute('href')).toBe(
      '/patent-details/US60046085',
    )
    // Not in the corpus: text, and a search on Espacenet instead of a details page that would be Not Found.
    expect(screen.queryByRole('link', { name: 'PCT/US98/08015' })).toBeNull()
    expect(screen.getByText('PCT/US98/08015')).toBeTruthy()
    const external = screen.getByRole('link', {
      name: 'Find PCT/US98/08015 on Espacenet (opens in a new tab)',
    })
    expect(external.getAttribute('href')).toBe(
      'https://worldwide.espacenet.com/patent/search?q=PCT%2FUS98%2F08015',
    )
    expect(external.getAttribute('target')).toBe('_blank')
    expect(screen.getByText('PCT filing')).toBeTruthy()
    expect(screen.getByText('N/A')).toBeTruthy()

    await user.click(screen.getByRole('tab', { name: 'Classifications' }))
    expect(screen.getByRole('heading', { name: 'IPC (1)' })).toBeTruthy()
    const path = within(screen.getByRole('list', { name: 'A01B1/06 hierarchy' }))
      .getAllByRole('listitem')
      .map((step) => step.textContent)
    expect(path).toEqual(['A01B1/00Hand tools', 'A01B1/06with teeth'])
    expect(screen.getByText('SOIL WORKING IN AGRICULTURE OR FORESTRY')).toBeTruthy()
  })

  it("shows 'N/A', 'Not specified' and each tab's empty text for a sparse record", async () => {
    const { user } = renderDetails('US7441308', buildSparsePatentDetail())
    expect(screen.getByText('No abstract available for this patent.')).toBeTruthy()
    for (const label of [
      'Filing Date',
      'Publication Date',
      'Grant Date',
      'Priority Date',
      'Application Number',
    ]) {
      expect(keyInformation(label)).toBe('N/A')
    }
    expect(keyInformation('Applicants')).toBe('Not specified')
    expect(keyInformation('Inventors')).toBe('Not specified')
    expect(screen.getByText('Status unknown').getAttribute('data-colour')).toBe('blue')

    await user.click(screen.getByRole('tab', { name: 'Claims' }))
    expect(screen.getByText('Claims information is not available for this patent.')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Patent Family' }))
    expect(screen.getByText('No family information available for this patent.')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Classifications' }))
    expect(screen.getByText('No classification information available for this patent.')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Citations' }))
    expect(screen.getByText('No citations are recorded for this patent.')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Cited by (0)' }))
    expect(screen.getByText('No patent in the corpus cites this one.')).toBeTruthy()
  })

  it('shows the claims in each language published, and says what is searched when none is English', async () => {
    const german = { lang: 'de', title: 'Akku-Lampe', abstract: 'Eine Lampe mit Akku.', description: null }
    const french = { lang: 'fr', title: 'Lampe', abstract: null, description: null }
    const { user } = renderDetails(
      'EP2136607A2',
      buildPatentDetail({
        reference: 'EP2136607A2',
        language: 'de',
        abstract: null,
        claims: [],
        otherTexts: [
          { ...german, claims: ['Verfahren zum Betreiben einer Lampe.', 'Verfahren nach Anspruch 1.'] },
          { ...french, claims: ['Procédé.'] },
        ],
      }),
    )
    expect(keyInformation('Language')).toBe('German')
    expect(screen.getByRole('heading', { name: 'Abstract (German)' })).toBeTruthy()
    expect(screen.getByText('Eine Lampe mit Akku.').getAttribute('lang')).toBe('de')

    await user.click(screen.getByRole('tab', { name: 'Claims' }))
    expect(
      screen.getByText(
        'No English claims were published for this patent; they are shown in German. Search and analysis read its title.',
      ),
    ).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1.Verfahren zum Betreiben einer Lampe.',
      '2.Verfahren nach Anspruch 1.',
    ])
    expect(screen.getByRole('button', { name: 'German' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'French' }))
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1.Procédé.'])
    expect(screen.getByRole('list', { name: 'Claims' }).getAttribute('lang')).toBe('fr')
  })

  it('lists what a patent cites, with categories, and the patents of the corpus that cite it', async () => {
    const cited = { claims: null, passage: null, phase: 'examination' }
    const { user } = renderDetails(
      'EP3404678B1',
      buildPatentDetail({
        reference: 'EP3404678B1',
        citations: [
          {
            ...cited,
            reference: 'US6089831A',
            text: 'US6089831A',
            category: 'XY',
            claims: 'X: 1, 4; Y: 2',
            held: true,
            phase: 'search',
          },
          { ...cited, reference: 'GB693448A', text: 'GB693448A', category: null, held: false },
          { ...cited, reference: null, text: 'SMITH: "Folding displays", 2017', category: 'A', held: false },
        ],
        citedBy: {
          total: 51,
          patents: [
            { reference: 'US11000001B2', title: 'Display over a box', publicationDate: '2021-05-11' },
          ],
        },
      }),
    )
    await user.click(screen.getByRole('tab', { name: 'Citations' }))
    expect(screen.getByRole('tab', { name: 'Cites (3)' }).getAttribute('aria-selected')).toBe('true')
    const cites = within(screen.getByRole('list', { name: 'Cites (3)' }))
    expect(cites.getByRole('link', { name: 'US6089831A' }).getAttribute('href')).toBe(
      '/patent-details/US6089831A',
    )
    expect(cites.getByText('Category XY · claims X: 1, 4; Y: 2 · Search report')).toBeTruthy()
    expect(cites.getByRole('link', { name: 'Find GB693448A on Espacenet (opens in a new tab)' })).toBeTruthy()
    expect(cites.getByText('SMITH: "Folding displays", 2017')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Cited by (51)' }))
    const citedBy = within(screen.getByRole('list', { name: 'Cited by (51)' }))
    expect(citedBy.getByRole('link', { name: 'US11000001B2' }).getAttribute('href')).toBe(
      '/patent-details/US11000001B2',
    )
    expect(screen.getByText('and 50 more; the latest 1 are listed.')).toBeTruthy()
  })

  it('names the citation tabs with their counts, opening on the patents citing one that cites nothing', async () => {
    const citing = { reference: 'US11000001B2', title: 'Display over a box', publicationDate: '2021-05-11' }
    const { user } = renderDetails(
      'US7441308',
      buildSparsePatentDetail({ citedBy: { total: 1234, patents: [citing] } }),
    )
    await user.click(screen.getByRole('tab', { name: 'Citations' }))
    expect(screen.getByRole('tab', { name: 'Cites (0)' }).getAttribute('aria-selected')).toBe('false')
    expect(screen.getByRole('tab', { name: 'Cited by (1,234)' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByText('and 1,233 more; the latest 1 are listed.')).toBeTruthy()
  })

  it('says a granted patent was granted when its record lacks the grant date', () => {
    renderDetails('US7441308', buildSparsePatentDetail({ status: 'Granted', publicationDate: '2008-10-28' }))
    expect(keyInformation('Grant Date')).toBe('Granted — date not in our record')
    expect(keyInformation('Publication Date')).toBe('28 October 2008')
  })

  it('lists bare codes when the server had no titles for them', async () => {
    const { user } = renderDetails('US1', buildSparsePatentDetail({ cpc: ['G06F16/30'] }))
    await user.click(screen.getByRole('tab', { name: 'Classifications' }))
    expect(screen.getByRole('heading', { name: 'CPC (1)' })).toBeTruthy()
    const path = screen.getByRole('list', { name: 'G06F16/30 hierarchy' })
    expect(path.textContent).toBe('G06F16/30No title available')
    expect(screen.getByText('G06F').nextElementSibling?.textContent).toBe('No title available')
  })

  it.each([
    ['pending-examination', 'yellow'],
    ['Granted', 'green'],
    ['published-application', 'blue'],
  ])('colours the status %s %s', (status, colour) => {
    renderDetails('US1', buildPatentDetail({ status }))
    expect(screen.getByText(status.replaceAll('-', ' ')).getAttribute('data-colour')).toBe(colour)
  })

  it('shows Patent Not Found for an unknown reference, without retrying', async () => {
    const calls = stubApi({
      'GET /api/public/patents/details/*': [404, { error: 'NOT_FOUND', message: patentMessages.notFound }],
    })
    renderDetails('US0000000X1')
    expect(await screen.findByRole('heading', { name: 'Patent Not Found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Return to Search' }).getAttribute('href')).toBe('/search')
    expect(calls).toHaveLength(1)
    expect(calls[0]?.path).toBe('/api/public/patents/details/US0000000X1')
    expect(screen.queryByText('Error Loading Patent Details')).toBeNull()
  })

  it('shows Patent Not Found for a reference the server refuses as malformed', async () => {
    stubApi({
      'GET /api/public/patents/details/*': [
        400,
        { error: 'BAD_REQUEST', message: 'reference: reference must look like US8926509B2' },
      ],
    })
    renderDetails('US 1')
    expect(await screen.findByRole('heading', { name: 'Patent Not Found' })).toBeTruthy()
  })

  it('reports any other failure with the Error Loading Patent Details toast after two retries', async () => {
    const calls = stubApi({
      'GET /api/public/patents/details/*': [500, { error: 'INTERNAL', message: 'Boom' }],
    })
    renderDetails('US6982249B1')
    const title = await screen.findByText('Error Loading Patent Details')
    expect(
      within(title.closest('li') as HTMLElement).getByText(
        "We couldn't load this patent's information. Please try again later.",
      ),
    ).toBeTruthy()
    expect(calls).toHaveLength(3)
  })

  it('keeps a loaded patent for 10 seconds', () => {
    const options = patentDetailQueryOptions('US1')
    expect(options.staleTime).toBe(10_000)
    expect(options.gcTime).toBe(10_000)
  })
})
