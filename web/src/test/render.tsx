import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { createQueryClient } from '@/lib/query-client'

/** The app's query client (no refetching of cached data, no retries, the error toasts) with a cache of its own. */
export function createTestQueryClient() {
  return createQueryClient()
}

type RenderOptions = { path?: string; queryClient?: QueryClient }

/** Renders `ui` at `path` inside the providers main.tsx sets up; the router tells where navigation went. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', queryClient = createTestQueryClient() }: RenderOptions = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] })
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, user }
}
