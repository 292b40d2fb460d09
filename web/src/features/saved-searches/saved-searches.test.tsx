import type { NewPatent, SavedQuery, SavedSearch } from '@patentdesk/contract/saved-searches'
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { savedSearchesQueryOptions, useNewPatents } from './api'
import { NewPatentsPanel } from './new-patents-panel'
import { SaveSearchButton } from './save-search-button'
import { describeQuery } from './saved-search-format'
import { UnsubscribePage } from './unsubscribe-page'

const query: SavedQuery = { q: 'battery separator', cpc: 'H01M', sort: 'new', dateType: 'filing' }

const savedSearch = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 7,
  name: 'Separators',
  query,
  alert: 'weekly',
  newCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastOpenedAt: null,
  ...overrides,
})

const newPatent = (reference: string): NewPatent => ({
  reference,
  title: `Title of ${reference}`,
  filingDate: '2024-05-02',
  applicants: ['Northfield Cells Ltd'],
  foundAt: '2026-11-28T09:00:00.000Z',
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** A signed-in user's button, once the dialog's module (loaded on first render) is in. */
const enabledSaveButton = () =>
  waitFor(() => {
    const button = screen.getByRole('button', { name: 'Save search' }) as HTMLButtonElement
    expect(button.disabled).toBe(false)
    return button
  })

describe('Save search', () => {
  it('sends a visitor to sign in, and back to the same search', () => {
    renderWithProviders(<SaveSearchButton query={query} />, { path: '/serpapi-search?q=battery+separator' })
    expect(screen.getByRole('link', { name: 'Save search' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/serpapi-search?q=battery+separator')}`,
    )
  })

  it('checks the name on the client, then saves the search with its filters, order and alert', async () => {
    startSession(testUser)
    const calls = stubApi({ 'POST /api/saved-searches': [201, savedSearch()] })
    const { user } = renderWithProviders(
      <>
        <SaveSearchButton query={query} />
        <Toaster />
      </>,
    )
    await user.click(await enabledSaveButton())
    const dialog = screen.getByRole('dialog', { name: 'Save search' })
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement
    expect(name.value).toBe('battery separator')

    await user.clear(name)
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }))
    expect(within(dialog).getByText('Enter a name for the search.')).toBeTruthy()
    await user.type(name, 'x'.repeat(101))
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }))
    expect(within(dialog).getByText('The name must not exceed 100 characters.')).toBeTruthy()
    expect(calls).toHaveLength(0)

    await user.clear(name)
    await user.type(name, 'Separators')
    await user.click(within(dialog).getByLabelText(/Daily digest/))
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }))
    expect(await screen.findByText('Search saved')).toBeTruthy()
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/saved-searches', body: { name: 'Separators', alert: 'daily', query } },
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("says the server's refusal (too many saved searches) and keeps the dialog open", async () => {
    startSession(testUser)
    const tooMany = 'You can save at most 100 searches. Delete one to save another.'
    stubApi({ 'POST /api/saved-searches': [409, { error: 'CONFLICT', message: tooMany }] })
    const { user } = renderWithProviders(
      <>
        <SaveSearchButton query={query} />
        <Toaster />
      </>,
    )
    await user.click(await enabledSaveButton())
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save search' }))
    expect(await screen.findByText(tooMany)).toBeTruthy()
    expect(screen.getByRole('dialog', { name: 'Save search' })).toBeTruthy()
  })
})

function NewPatents({ id }: { id: number }) {
  return <NewPatentsPanel id={id} news={useNewPatents(id)} />
}

describe('New patents of a saved search', () => {
  it('lists what each opening brings, keeping what the visit was told before, and clears the count', async () => {
    startSession(testUser)
    const answers = [[newPatent('GB1A'), newPatent('GB2A')], [], [newPatent('GB3A')]]
    stubApi({ 'GET /api/saved-searches/7/new': () => ({ patents: answers.shift() }) })
    const queryClient = createTestQueryClient()
    queryClient.setQueryData(savedSearchesQueryOptions.queryKey, [savedSearch()])
    renderWithProviders(<NewPatents id={7} />, { queryClient })
    const panel = await screen.findByRole('region', { name: 'New patents' })
    expect(panel.textContent).toContain('2 new patents for "Separators" since you last opened it')
    expect(queryClient.getQueryData(savedSearchesQueryOptions.queryKey)?.[0]?.newCount).toBe(0)

    // Opened again (back from a patent's page): nothing newer, the two still listed; then one more.
    const items = () =>
      within(screen.getByRole('region', { name: 'New patents' }))
        .getAllByRole('link')
        .map((link) => link.textContent)
    const openAgain = () => act(() => queryClient.refetchQueries({ queryKey: ['/api/saved-searches/7/new'] }))
    await openAgain()
    expect(answers).toHaveLength(1)
    expect(items()).toEqual(['GB1A', 'GB2A'])
    await openAgain()
    expect(answers).toHaveLength(0)
    await vi.waitFor(() => expect(items()).toEqual(['GB3A', 'GB1A', 'GB2A']))
  })

  it('says when the saved search no longer exists', async () => {
    startSession(testUser)
    stubApi({
      'GET /api/saved-searches/9/new': [404, { error: 'NOT_FOUND', message: 'Saved search not found.' }],
    })
    renderWithProviders(<NewPatents id={9} />)
    expect(await screen.findByText('This saved search no longer exists.')).toBeTruthy()
  })
})

describe('Unsubscribe', () => {
  it('changes nothing on arrival, and stops the mails on a click', async () => {
    const calls = stubApi({ 'POST /api/public/saved-searches/unsubscribe': { ok: true } })
    const { user } = renderWithProviders(<UnsubscribePage />, { path: '/unsubscribe?token=abc' })
    expect(calls).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Stop these mails' }))
    expect(await screen.findByText('You will no longer receive mails for this saved search.')).toBeTruthy()
    expect(calls.map(({ body }) => body)).toEqual([{ token: 'abc' }])
  })

  it('says a link without a token, or with one the server refuses, is not valid', async () => {
    stubApi({
      'POST /api/public/saved-searches/unsubscribe': [
        404,
        { error: 'NOT_FOUND', message: 'Saved search not found.' },
      ],
    })
    const { user, router } = renderWithProviders(<UnsubscribePage />, { path: '/unsubscribe' })
    expect(screen.getByText(/This unsubscribe link is not valid/)).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    await act(() => router.navigate('/unsubscribe?token=unknown'))
    await user.click(screen.getByRole('button', { name: 'Stop these mails' }))
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeTruthy()
  })
})

describe('describeQuery', () => {
  it('says the filters and the order, and nothing for a plain search', () => {
    expect(describeQuery({ q: 'hinge', sort: 'relevance', dateType: 'priority' })).toBe('')
    expect(
      describeQuery({
        q: 'hinge',
        from: '2020-01-01',
        to: '2021-06-30',
        cpc: 'E05D',
        applicant: 'Acme',
        sort: 'old',
        dateType: 'publication',
        dups: 'family',
      }),
    ).toBe(
      'filed 1 January 2020 to 30 June 2021 · CPC E05D · applicant Acme · oldest first by publication date · one per family',
    )
    expect(describeQuery({ q: 'hinge', to: '2021-06-30', sort: 'relevance', dateType: 'priority' })).toBe(
      'filed until 30 June 2021',
    )
  })
})
