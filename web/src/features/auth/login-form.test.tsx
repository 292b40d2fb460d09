import { messages } from '@patentdesk/contract/errors'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { type StubRequest, stubApi } from '@/test/stub-api'
import { LoginForm } from './login-form'

const signedIn = {
  id: 1,
  token: 't'.repeat(43),
  username: 'grace',
  isAdmin: false,
  email: 'grace@example.com',
  fullName: 'Grace Hopper',
  organization: null,
}

describe('LoginForm', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows the length rules for short values and sends nothing', async () => {
    const calls = stubApi()
    const { router, user } = renderWithProviders(<LoginForm />, { path: '/login' })
    await user.type(screen.getByLabelText('Username'), 'ab')
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(screen.getByRole('button', { name: 'Login' }))

    expect(await screen.findByText('Username must be at least 3 characters.')).toBeTruthy()
    expect(screen.getByText('Password must be at least 6 characters.')).toBeTruthy()
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
    expect(router.state.location.pathname).toBe('/login')
  })

  it('asks for the code after TWO_FACTOR_REQUIRED, sends it with the credentials, and returns to next', async () => {
    const calls = stubApi({
      'POST /api/auth/login': ({ body }: StubRequest) =>
        (body as { code?: string }).code
          ? signedIn
          : [401, { error: 'TWO_FACTOR_REQUIRED', message: messages.twoFactorRequired }],
    })
    const bodies = () => calls.map(({ body }) => body)
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
    expect(bodies()).toHaveLength(1)

    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Verify and Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
    expect(router.state.location.search).toBe('?tab=security')
    expect(bodies()).toEqual([
      { username: 'grace', password: 'cobol-rules' },
      { username: 'grace', password: 'cobol-rules', code: '123456' },
    ])
  })

  it.each([
    '%2F%2Fevil.example%2F',
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '%2F.%2F%5Cevil.example',
    '/%09/evil.example',
  ])('ignores the next %s, which leaves the site, after the password and after the code', async (next) => {
    // grace signs in with the password; hopper has two-factor sign-in on.
    stubApi({
      'POST /api/auth/login': ({ body }: StubRequest) => {
        const { username, code } = body as { username: string; code?: string }
        return username === 'hopper' && !code
          ? [401, { error: 'TWO_FACTOR_REQUIRED', message: messages.twoFactorRequired }]
          : signedIn
      },
    })
    const first = renderWithProviders(<LoginForm />, { path: `/login?next=${next}` })
    await first.user.type(screen.getByLabelText('Username'), 'grace')
    await first.user.type(screen.getByLabelText('Password'), 'cobol-rules')
    await first.user.click(screen.getByRole('button', { name: 'Login' }))
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dashboard'))
    cleanup()

    const second = renderWithProviders(<LoginForm />, { path: `/login?next=${next}` })
    await second.user.type(screen.getByLabelText('Username'), 'hopper')
    await second.user.type(screen.getByLabelText('Password'), 'cobol-rules')
    await second.user.click(screen.getByRole('button', { name: 'Login' }))
    await second.user.type(await screen.findByLabelText('Authentication code'), '123456')
    await second.user.click(screen.getByRole('button', { name: 'Verify and Login' }))
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/dashboard'))
  })
})
