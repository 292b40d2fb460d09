import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createTestQueryClient } from '@/test/render'
import { hits, renderSearch, searchPaths } from '@/test/render-search'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { requestsTo, stubApi } from '@/test/stub-api'
import { patentSearchQueryOptions, prefetchPatentSearch } from './api'
import { buildHit, buildSearchResult } from './patent-factories'
import { readSearchState, savedQueryOf, searchParamsOf, toSearchParams } from './search-params'

const stateOf = (search: string) => readSearchState(new URLSearchParams(search))

describe('the search in its URL', () => {
  it('keeps the order with the query, filters and page, and reads back what it wrote', () => {
    const search = 'q=battery&cpc=H01M&sort=new&dateType=filing&dups=family&page=3'
    const state = stateOf(search)
    expect(state.order).toEqual({ sort: 'new', dateType: 'filing', dups: 'family' })
    expect(String(toSearchParams(state))).toBe(search)
  })

  it('leaves the defaults out, and the date type when sorting by relevance', () => {
    expect(String(toSearchParams(stateOf('q=battery&sort=relevance&dateType=priority')))).toBe('q=battery')
    expect(String(toSearchParams(stateOf('q=battery&sort=old&dateType=priority')))).toBe('q=battery&sort=old')
    expect(String(toSearchParams(stateOf('q=battery&dateType=filing')))).toBe('q=battery')
  })

  it('reads a value the contract refuses as its default', () => {
    const state = stateOf('q=battery&sort=sideways&dateType=never&dups=all')
    expect(state.order).toEqual({ sort: 'relevance', dateType: 'priority', dups: undefined })
    expect(String(toSearchParams(state))).toBe('q=battery')
  })

  it('keeps the saved search it was opened as, which the search itself is not asked', () => {
    const state = stateOf('q=battery&cpc=H01M&saved=12&page=2')
    expect(state.saved).toBe(12)
    expect(String(toSearchParams(state))).toBe('q=battery&cpc=H01M&page=2&saved=12')
    expect(String(searchParamsOf(state))).toBe('q=battery&cpc=H01M')
    expect(savedQueryOf(state)).toEqual({
      q: 'battery',
      cpc: 'H01M',
      sort: 'relevance',
      dateType: 'priority',
    })
    expect(stateOf('q=battery&saved=-1').saved).toBeUndefined()
    expect(stateOf('q=battery&saved=1.5').saved).toBeUndefined()
  })
})

describe('the result tools', () => {
  beforeAll(polyfillPointerCapture)
  beforeEach(() => sessionStorage.clear())
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sorts by a date and keeps one patent per family through the URL, back at page 1, and asks the API so', async () => {
    const calls = stubApi({ [searchPaths]: buildSearchResult(hits(10), { totalResults: 40 }) })
    const { user, router } = renderSearch('/search?q=hinge&page=3')
    expect(await screen.findByText('40 results')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Date' })).toBeNull()

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await screen.findByRole('option', { name: 'Newest first' }))
    expect(router.state.location.search).toBe('?q=hinge&sort=new')

    await user.click(screen.getByRole('combobox', { name: 'Date' }))
    await user.click(await screen.findByRole('option', { name: 'Filing date' }))
    expect(router.state.location.search).toBe('?q=hinge&sort=new&dateType=filing')

    await user.click(screen.getByRole('checkbox', { name: 'One per family' }))
    expect(router.state.location.search).toBe('?q=hinge&sort=new&dateType=filing&dups=family')
    await waitFor(() =>
      expect(requestsTo(calls, searchPaths).at(-1)?.path).toBe(
        '/api/public/serpapi/patents?q=hinge&sort=new&dateType=filing&dups=family&page=1&num=10',
      ),
    )

    // Back to relevance: the date type no longer counts, and leaves the URL.
    await user.click(screen.getByRole('combobox', { name: 'Sort by' }))
    await user.click(await screen.findByRole('option', { name: 'Relevance' }))
    expect(router.state.location.search).toBe('?q=hinge&dups=family')
    expect(screen.queryByRole('combobox', { name: 'Date' })).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'One per family' }))
    expect(router.state.location.search).toBe('?q=hinge')
  })

  it('shows the order of the URL in its controls', async () => {
    renderSearch('/search?q=hinge&sort=old&dateType=publication&dups=family', [
      {
        path: '/search?q=hinge&sort=old&dateType=publication&dups=family',
        result: buildSearchResult(hits(2)),
      },
    ])
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Oldest first')
    expect(screen.getByRole('combobox', { name: 'Date' }).textContent).toBe('Publication date')
    expect((screen.getByRole('checkbox', { name: 'One per family' }) as HTMLInputElement).checked).toBe(true)
  })

  it("links the export to the search's own parameters, without its page", () => {
    const path = '/search?q=hinge&cpc=G06F&sort=old&dups=family&page=2'
    renderSearch(path, [{ path, result: buildSearchResult(hits(10), { totalResults: 1500 }) }])
    const link = screen.getByRole('link', { name: 'Export CSV of the first 1,000 results' })
    expect(link.textContent).toBe('Export CSV')
    expect(link.getAttribute('href')).toBe(
      '/api/public/serpapi/patents.csv?q=hinge&cpc=G06F&sort=old&dups=family',
    )
    expect(link.hasAttribute('download')).toBe(true)
  })

  it('offers neither order nor export when nothing was found', () => {
    renderSearch('/search?q=zzz', [{ path: '/search?q=zzz', result: buildSearchResult([]) }])
    expect(screen.getByText('No patents found')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull()
    expect(screen.queryByRole('link', { name: /Export CSV/ })).toBeNull()
  })

  it('says how many patents of its family each result stands for', () => {
    const path = '/search?q=hinge&dups=family'
    renderSearch(path, [
      {
        path,
        result: buildSearchResult([
          buildHit({ reference: 'US1', familyOthers: 2 }),
          buildHit({ reference: 'US2', familyOthers: 1 }),
          buildHit({ reference: 'US3', familyOthers: 0 }),
          buildHit({ reference: 'US4' }),
        ]),
      },
    ])
    const item = (reference: string) =>
      within(screen.getByRole('checkbox', { name: `Select ${reference}` }).closest('li') as HTMLElement)
    expect(item('US1').getByText('+2 more in this family')).toBeTruthy()
    expect(item('US2').getByText('+1 more in this family')).toBeTruthy()
    expect(item('US3').queryByText(/in this family/)).toBeNull()
    expect(item('US4').queryByText(/in this family/)).toBeNull()
  })
})

describe('the syntax help', () => {
  beforeEach(() => sessionStorage.clear())
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists the syntax with examples, and an example runs as a new search, keeping the order', async () => {
    const path = '/search?q=hinge&sort=new&page=4'
    stubApi({ [searchPaths]: buildSearchResult(hits(3)) })
    const { user, router } = renderSearch(path, [
      { path, result: buildSearchResult(hits(10), { totalResults: 50 }) },
    ])
    await user.click(screen.getByRole('button', { name: 'Syntax help' }))
    const help = within(await screen.findByRole('dialog', { name: 'Search syntax' }))
    expect(help.getByText('Patents citing US6011579')).toBeTruthy()
    expect(help.getAllByRole('link')).toHaveLength(13)

    await user.click(help.getByRole('link', { name: 'battery NEAR/5 separator' }))
    expect(router.state.location.search).toBe('?q=battery+NEAR%2F5+separator&sort=new')
    expect(screen.queryByRole('dialog', { name: 'Search syntax' })).toBeNull()
    expect((screen.getByRole('searchbox', { name: 'Search query' }) as HTMLInputElement).value).toBe(
      'battery NEAR/5 separator',
    )
  })

  it('opens and runs an example from the keyboard, and Escape gives the focus back', async () => {
    stubApi({ [searchPaths]: buildSearchResult(hits(3)) })
    const { user, router } = renderSearch('/search')
    const trigger = screen.getByRole('button', { name: 'Syntax help' })
    trigger.focus()
    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Search syntax' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Search syntax' })).toBeNull()
    expect(document.activeElement).toBe(trigger)

    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Search syntax' })
    expect(dialog.contains(document.activeElement)).toBe(true)
    await user.tab()
    const focused = document.activeElement as HTMLAnchorElement
    expect(within(dialog).getAllByRole('link')).toContain(focused)
    await user.keyboard('{Enter}')
    expect(router.state.location.search).toBe(new URL(focused.href, 'http://localhost').search)
    expect(router.state.location.search).toMatch(/^\?q=/)
  })
})

describe("the search route's loader", () => {
  afterEach(() => vi.restoreAllMocks())

  it("asks for the URL's search before the page renders, under the key the page reads", async () => {
    const result = buildSearchResult(hits(2))
    const calls = stubApi({ [searchPaths]: result })
    const client = createTestQueryClient()
    prefetchPatentSearch(client, 'http://localhost/serpapi-search?q=battery&page=2')
    const key = patentSearchQueryOptions(stateOf('q=battery&page=2')).queryKey
    await waitFor(() => expect(client.getQueryData(key)).toEqual(result))
    expect(requestsTo(calls, searchPaths)).toHaveLength(1)
  })

  it('asks for nothing without a query', async () => {
    const calls = stubApi({ [searchPaths]: buildSearchResult([]) })
    prefetchPatentSearch(createTestQueryClient(), 'http://localhost/serpapi-search')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toHaveLength(0)
  })
})
