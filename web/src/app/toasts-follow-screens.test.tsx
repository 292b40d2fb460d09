import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster, toast, toastFollowsNavigationMs } from '@/components/ui/toast'
import { keepToastsToTheirScreen } from './toasts-follow-screens'

function setUp() {
  const router = createMemoryRouter(
    [
      { path: '/a', element: null },
      { path: '/b', element: null },
      // A page whose chunk takes a while: the navigation is under way before the location changes.
      {
        path: '/slow',
        lazy: () => new Promise((resolve) => setTimeout(() => resolve({ element: null }), 10)),
      },
    ],
    { initialEntries: ['/a'] },
  )
  const unsubscribe = keepToastsToTheirScreen(router)
  render(<Toaster />)
  return { router, unsubscribe }
}

let clock = 1_000_000
function advanceClock(ms: number) {
  clock += ms
}

describe('keepToastsToTheirScreen', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('dismisses a toast of an earlier screen on the next screen change, keeping one shown on the new screen', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => clock)
    const { router, unsubscribe } = setUp()
    act(() => toast({ title: 'Saved on A' }))
    advanceClock(toastFollowsNavigationMs + 500)
    await act(() => router.navigate('/b'))
    expect(screen.queryByText('Saved on A')).toBeNull()

    act(() => toast({ title: 'Shown on B' }))
    advanceClock(toastFollowsNavigationMs + 500)
    await act(() => router.navigate('/b?page=2'))
    expect(screen.getByText('Shown on B')).toBeTruthy()
    unsubscribe()
  })

  it('lets a toast follow the screen change its action caused, even when the page takes a while', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => clock)
    const { router, unsubscribe } = setUp()
    act(() => toast({ title: 'Application saved' }))
    const navigation = router.navigate('/slow')
    advanceClock(toastFollowsNavigationMs * 3)
    await act(() => navigation)
    expect(router.state.location.pathname).toBe('/slow')
    expect(screen.getByText('Application saved')).toBeTruthy()
    advanceClock(toastFollowsNavigationMs + 500)
    await act(() => router.navigate('/a'))
    expect(screen.queryByText('Application saved')).toBeNull()
    unsubscribe()
  })
})
