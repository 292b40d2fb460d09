import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { LoginForm } from './login-form'

describe('LoginForm', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows the length rules for short values and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { router, user } = renderWithProviders(<LoginForm />, { path: '/login' })
    await user.type(screen.getByLabelText('Username'), 'ab')
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText('Username must be at least 3 characters.')).toBeTruthy()
    expect(screen.getByText('Password must be at least 6 characters.')).toBeTruthy()
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()
    expect(router.state.location.pathname).toBe('/login')
  })
})
