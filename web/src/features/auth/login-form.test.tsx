import { messages } from '@patentdesk/contract/errors'
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

  it('asks for the code after TWO_FACTOR_REQUIRED, sends it with the credentials, and returns to next', async () => {
    const bodies: unknown[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const body = JSON.parse(String(init?.body))
      bodies.push(body)
      if (!body.code)
        return Response.json(
          { error: 'TWO_FACTOR_REQUIRED', message: messages.twoFactorRequired },
          { status: 401 },
        )
      return Response.json({
        id: 1,
        token: 't'.repeat(43),
        username: 'grace',
        isAdmin: false,
        email: 'grace@example.com',
        fullName: 'Grace Hopper',
        organization: null,
      })
    })
    const { router, user } = renderWithProviders(<LoginForm />, {
      path: '/login?next=%2Fsettings%3Ftab%3Dsecurity',
    })
    await user.type(screen.getByLabelText('Username'), 'grace')
    await user.type(screen.getByLabelText('Password'), 'cobol-rules')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    const code = await screen.findByLabelText('Authentication code')
    await user.click(screen.getByRole('button', { name: 'Verify and Login' }))
    expect(
      await screen.findByText(/6-digit code from your authenticator app, or a recovery code/),
    ).toBeTruthy()
    expect(bodies).toHaveLength(1)

    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify and Login' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(router.state.location.search).toBe('?tab=security')
    expect(bodies).toEqual([
      { username: 'grace', password: 'cobol-rules' },
      { username: 'grace', password: 'cobol-rules', code: '123456' },
    ])
  })

  it('ignores a next that leaves the site', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        id: 1,
        token: 't'.repeat(43),
        username: 'grace',
        isAdmin: false,
        email: 'grace@example.com',
        fullName: 'Grace Hopper',
        organization: null,
      }),
    )
    const { router, user } = renderWithProviders(<LoginForm />, { path: '/login?next=%2F%2Fevil.example%2F' })
    await user.type(screen.getByLabelText('Username'), 'grace')
    await user.type(screen.getByLabelText('Password'), 'cobol-rules')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })
})
