import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { HeaderSearch } from './header-search'

const searchBox = () => screen.getByRole('searchbox', { name: 'Search patents' })

describe('HeaderSearch', () => {
  it.each([
    ['an empty', ''],
    ['a blank', '   '],
  ])('stays on the page when Enter is pressed with %s query', async (_, query) => {
    const { router, user } = renderWithProviders(<HeaderSearch />, { path: '/dashboard' })
    await user.type(searchBox(), `${query}{Enter}`)
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(router.state.location.search).toBe('')
    expect(router.state.historyAction).toBe('POP')
  })

  it('goes to /search with the trimmed query encoded', async () => {
    const { router, user } = renderWithProviders(<HeaderSearch />, { path: '/dashboard' })
    await user.type(searchBox(), '  hinge & bolt/ä  {Enter}')
    expect(router.state.location.pathname).toBe('/search')
    expect(router.state.location.search).toBe('?q=hinge%20%26%20bolt%2F%C3%A4')
  })
})
