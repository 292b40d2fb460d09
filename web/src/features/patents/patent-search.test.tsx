import { messages } from '@patentdesk/contract/errors'
import { patentLimits, patentMessages } from '@patentdesk/contract/patents'
import { queryMessages } from '@patentdesk/contract/search-query'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildCoverage } from '@/features/corpus/coverage-factories'
import { renderWithProviders } from '@/test/render'
import { hits, renderSearch, searchPaths } from '@/test/render-search'
import { stubApi } from '@/test/stub-api'
import { buildHit, buildSearchResult } from './patent-factories'
import { PatentSearch } from './patent-search'

describe('PatentSearch', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('does not submit a blank query and puts a real one in the URL', async () => {
    const routes: Record<string, unknown> = {}
    const calls = stubApi(routes)
    const { user, router } = renderSearch('/serpapi-search')
    await user.type(screen.getByRole('searchbox', { name: 'Search query' }), '   ')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText(patentMessages.queryRequired)).toBeTruthy()
    expect(router.state.location.search).toBe('')
    expect(calls).toEqual([])

    routes[searchPaths] = buildSearchResult([])
    await user.clear(screen.getByRole('searchbox', { name: 'Search query' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search query' }), '  door hinge ')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(router.state.location.search).toBe('?q=door+hinge')
    await waitFor(() => expect(calls[0]?.path).toBe('/api/public/serpapi/patents?q=door+hinge&page=1&num=10'))
  })

  it('refuses a query it cannot read before sending it, saying why and marking the place', async () => {
    const calls = stubApi({})
    const { user, router } = renderSearch('/serpapi-search')
    await user.type(screen.getByRole('searchbox', { name: 'Search query' }), 'battery NEAR/0 separator')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText(`${queryMessages.distance('NEAR')} (at character 9)`)).toBeTruthy()
    expect(screen.getByText('N', { selector: 'mark' })).toBeTruthy()
    expect(router.state.location.search).toBe('')
    expect(calls.filter((call) => call.path.includes('/serpapi/patents'))).toEqual([])
  })

  it('shows the corpus coverage under the search form once loaded, never holding the form up', async () => {
    let answer: (response: Response) => void = () => {}
    stubApi({ 'GET /api/public/corpus': () => new Promise<Response>((resolve) => (answer = resolve)) })
    renderWithProviders(<PatentSearch />, { path: '/serpapi-search' })
    const form = screen.getByRole('searchbox', { name: 'Search query' }).closest('form') as HTMLFormElement
    expect(screen.queryByText(/^Searches /)).toBeNull()
    answer(Response.json(buildCoverage()))
    const line = await screen.findByText(/^Searches 47,046 US documents/)
    expect(form.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(line).getByRole('link', { name: 'What the corpus covers' }).getAttribute('href')).toBe(
      '/coverage',
    )
  })

  it('says "About" before an estimated total only', () => {
    renderSearch('/search?q=hinge', [
      { path: '/search?q=hinge', result: buildSearchResult(hits(3), { totalResults: 3 }) },
    ])
    expect(screen.getByText('3 results')).toBeTruthy()
    expect(screen.queryByText(/About/)).toBeNull()
  })

  it('lists each result with its link, reference, applicants, dates and a 250-character description', () => {
    const long = `${'a'.repeat(240)} bbbbbbbbbbbbbbbbbbbb tail`
    renderSearch('/search?q=hinge', [
      {
        path: '/search?q=hinge',
        result: buildSearchResult([buildHit({ reference: 'US1', description: long, snippet: long })], {
          totalResults: 1234,
          totalIsApproximate: true,
        }),
      },
    ])
    expect(screen.getByText('About 1,234 results')).toBeTruthy()
    const item = within(screen.getByRole('checkbox', { name: 'Select US1' }).closest('li') as HTMLElement)
    expect(item.getByRole('link', { name: 'Door hinge US1' }).getAttribute('href')).toBe(
      '/patent-details/US1',
    )
    expect(item.getByText('US1')).toBeTruthy()
    expect(item.getByText('Acme Hinges Ltd')).toBeTruthy()
    expect(item.getByText('Filed 23 June 2005')).toBeTruthy()
    expect(item.getByText('Published 28 October 2008')).toBeTruthy()
    expect(item.getByText(`${long.slice(0, patentLimits.searchDescriptionCut)}...`)).toBeTruthy()
    expect(screen.queryByText(/tail/)).toBeNull()
  })

  it('highlights matched words as <mark> elements and never parses the snippet as HTML', () => {
    const injected = '<img src=x onerror="alert(1)"><b>bold</b>'
    renderSearch('/search?q=pivot', [
      {
        path: '/search?q=pivot',
        result: buildSearchResult([
          buildHit({
            reference: 'US1',
            description: 'A hinge with a Pivot pin.',
            snippet: 'A hinge with a <mark>Pivot</mark> pin.',
          }),
          buildHit({
            reference: 'US2',
            description: 'A door leaf.',
            snippet: `${injected} the <mark>pivot</mark> arm`,
          }),
        ]),
      },
    ])
    const [first, second] = screen.getAllByRole('listitem')
    expect([...(first?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent)).toEqual(['Pivot'])
    expect(first?.textContent).toContain('A hinge with a Pivot pin.')
    // The match is not in US2's description, so its snippet is shown, as text.
    expect([...(second?.querySelectorAll('mark') ?? [])].map((mark) => mark.textContent)).toEqual(['pivot'])
    expect(second?.querySelector('img, b')).toBeNull()
    expect(second?.textContent).toContain(injected)
  })

  it('shows the Compare button from two ticks, keeping ticks across pages', async () => {
    const { user, router } = renderSearch('/serpapi-search?q=hinge', [
      { path: '/serpapi-search?q=hinge', result: buildSearchResult(hits(10), { totalResults: 25 }) },
      {
        path: '/serpapi-search?q=hinge&page=2',
        result: buildSearchResult(hits(10, 11), { totalResults: 25 }),
      },
    ])
    await user.click(screen.getByRole('checkbox', { name: 'Select US1' }))
    expect(screen.queryByRole('link', { name: /Compare Patents/ })).toBeNull()

    await user.click(screen.getByRole('link', { name: 'Next' }))
    expect(router.state.location.search).toBe('?q=hinge&page=2')
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
    await user.click(screen.getByRole('checkbox', { name: 'Select US12' }))
    const compare = screen.getByRole('link', { name: 'Compare Patents (2)' })
    expect(compare.getAttribute('href')).toBe('/patent-comparison?refs=US1,US12')

    await user.click(screen.getByRole('link', { name: 'Previous' }))
    expect((screen.getByRole('checkbox', { name: 'Select US1' }) as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Remove US12' }))
    expect(screen.queryByRole('link', { name: /Compare Patents/ })).toBeNull()
  })

  it('links each result to Google Patents with a small link beside its reference, in a new tab', async () => {
    renderSearch('/search?q=hinge', [
      { path: '/search?q=hinge', result: buildSearchResult([buildHit({ reference: 'US7441308' })]) },
    ])
    const link = await screen.findByRole('link', { name: /^View on Google Patents ?\(opens in a new tab\)$/ })
    expect(screen.queryByRole('button', { name: /View on Google Patents/ })).toBeNull()
    expect(link.getAttribute('href')).toBe('https://patents.google.com/patent/US7441308')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(link.parentElement?.textContent).toContain('US7441308')
  })

  it('shows the empty state, and a note when an external source failed', () => {
    renderSearch('/search?q=zzz', [
      {
        path: '/search?q=zzz',
        result: buildSearchResult([], {
          sources: [
            { name: 'local', status: 'ok' },
            { name: 'serpapi', status: 'failed', message: 'timeout' },
          ],
        }),
      },
    ])
    expect(screen.getByText('No patents found')).toBeTruthy()
    expect(screen.getByText('Try a different search term or modify your query')).toBeTruthy()
    expect(
      screen.getByText('External source unavailable; showing results from the local corpus'),
    ).toBeTruthy()
  })

  it('applies and clears the filters through the URL, checking them first', async () => {
    const result = buildSearchResult([buildHit()])
    const { user, router } = renderSearch('/search?q=hinge', [
      { path: '/search?q=hinge', result },
      { path: '/search?q=hinge&from=2001-02-03&cpc=G06F&applicant=IBM', result },
    ])
    await user.type(screen.getByLabelText('Classification'), 'zz9')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText(patentMessages.badCpc)).toBeTruthy()
    expect(router.state.location.search).toBe('?q=hinge')

    await user.clear(screen.getByLabelText('Classification'))
    await user.type(screen.getByLabelText('Classification'), ' g06f ')
    await user.type(screen.getByLabelText('Filed from'), '3/2/2001')
    await user.type(screen.getByLabelText('Applicant'), 'IBM')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(router.state.location.search).toBe('?q=hinge&from=2001-02-03&cpc=G06F&applicant=IBM')
    await waitFor(() =>
      expect((screen.getByLabelText('Classification') as HTMLInputElement).value).toBe('G06F'),
    )

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(router.state.location.search).toBe('?q=hinge')
    await waitFor(() => expect((screen.getByLabelText('Applicant') as HTMLInputElement).value).toBe(''))
  })

  it('shows the dates of the URL day first and refuses impossible or reversed ones in the form', async () => {
    const result = buildSearchResult([buildHit()])
    const { user, router } = renderSearch('/search?q=hinge&from=2001-02-03', [
      { path: '/search?q=hinge&from=2001-02-03', result },
    ])
    const from = screen.getByLabelText('Filed from') as HTMLInputElement
    const to = screen.getByLabelText('Filed to') as HTMLInputElement
    expect(from.value).toBe('03/02/2001')

    await user.type(to, '29/02/2001')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect((await screen.findByText(messages.ukDate)).id).toBe('filter-to-error')
    expect(to.getAttribute('aria-invalid')).toBe('true')

    await user.clear(to)
    await user.type(to, '2/2/2001')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect((await screen.findByText(patentMessages.reversedDates)).id).toBe('filter-to-error')
    expect(router.state.location.search).toBe('?q=hinge&from=2001-02-03')
  })

  it('names an impossible date of the URL, refused by the server, in the order the field shows', async () => {
    stubApi({
      [searchPaths]: [
        400,
        { error: 'BAD_REQUEST', message: `from: ${messages.realDate}`, fields: { from: messages.realDate } },
      ],
    })
    renderSearch('/search?q=hinge&from=2010-02-31')
    expect((await screen.findByText(messages.ukDate)).id).toBe('filter-from-error')
    expect((screen.getByLabelText('Filed from') as HTMLInputElement).value).toBe('31/02/2010')
  })

  it("shows the server's message next to the filter it refused", async () => {
    const message = 'must be a classification prefix such as G06F or G06F16/30'
    const calls = stubApi({
      [searchPaths]: [400, { error: 'BAD_REQUEST', message: `cpc: ${message}`, fields: { cpc: message } }],
    })
    renderSearch('/search?q=hinge&cpc=Y99Z')
    const field = await screen.findByText(message)
    expect(field.id).toBe('filter-cpc-error')
    expect(screen.getByLabelText('Classification').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toHaveLength(1)
    expect(screen.queryByText('Search Error')).toBeNull()
    expect(screen.queryByText('Searching...')).toBeNull()
  })

  it.each([
    { answer: 'a 404', route: [404, { error: 'NOT_FOUND', message: 'Not found' }] },
    { answer: 'an unreadable body', route: new Response('<html></html>', { status: 200 }) },
  ])('shows $answer as a search that found nothing, without a retry or a toast', async ({ route }) => {
    const calls = stubApi({ [searchPaths]: route })
    renderSearch('/search?q=hinge')
    expect(await screen.findByText('No patents found')).toBeTruthy()
    expect(screen.queryByText('Search Error')).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('reports a failed search with the Search Error toast after two retries', async () => {
    const calls = stubApi({ [searchPaths]: [500, { error: 'INTERNAL', message: 'Boom' }] })
    renderSearch('/search?q=hinge')
    const title = await screen.findByText('Search Error')
    const toast = within(title.closest('li') as HTMLElement)
    expect(toast.getByText('There was an error performing your search. Please try again.')).toBeTruthy()
    // And in the page, where the results would be.
    expect(screen.getAllByText('There was an error performing your search. Please try again.')).toHaveLength(
      2,
    )
    expect(screen.queryByText('Searching...')).toBeNull()
    expect(calls).toHaveLength(3)
  })
})
