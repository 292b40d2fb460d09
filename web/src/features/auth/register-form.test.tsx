import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

const signedUp = {
  id: 2,
  token: 't'.repeat(43),
  username: 'grace',
  isAdmin: false,
  email: 'grace@example.com',
  fullName: 'Grace Hopper',
  organization: null,
}

const invitation = '/invitation?token=abc123'

async function register(path: string) {
  stubApi({ 'POST /api/auth/register': [201, signedUp] })
  const { router, user } = renderWithProviders(<RegisterForm />, { path })
  await user.type(screen.getByLabelText('Username'), 'grace')
  await user.type(screen.getByLabelText('Email'), 'grace@example.com')
  await user.type(screen.getByLabelText('Full Name'), 'Grace Hopper')
  await user.type(screen.getByLabelText('Password'), 'cobol-rules')
  await user.type(screen.getByLabelText('Confirm Password'), 'cobol-rules')
  await user.click(screen.getByRole('button', { name: 'Register' }))
  return router
}

describe('RegisterForm', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('returns to next once the account exists, as login does', async () => {
    const router = await register(`/register?next=${encodeURIComponent(invitation)}`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/invitation'))
    expect(router.state.location.search).toBe('?token=abc123')
  })

  it.each(['%2F%2Fevil.example%2F', '/.//evil.example', 'https://evil.example/'])(
    'ignores the next %s, which leaves the site',
    async (next) => {
      const router = await register(`/register?next=${next}`)
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    },
  )

  it('keeps next on the way to login and back', () => {
    const next = encodeURIComponent(invitation)
    renderWithProviders(<RegisterForm />, { path: `/register?next=${next}` })
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(`/login?next=${next}`)
    renderWithProviders(<LoginForm />, { path: `/login?next=${next}` })
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(`/register?next=${next}`)
  })

  it('links to plain login and register without a next', () => {
    renderWithProviders(<RegisterForm />, { path: '/register' })
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login')
    renderWithProviders(<LoginForm />, { path: '/login' })
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register')
  })
})
