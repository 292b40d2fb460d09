import { collaboratorMessages } from '@patentdesk/contract/collaborators'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { requestsTo, stubApi } from '@/test/stub-api'
import { InvitationPage } from './invitation-page'

const path = '/invitation?token=abc123'

function renderPage(at = path) {
  return renderWithProviders(
    <>
      <InvitationPage />
      <Toaster />
    </>,
    { path: at },
  )
}

describe('InvitationPage', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('asks a visitor to create an account or sign in, both coming back here', () => {
    const calls = stubApi()
    renderPage()
    expect(screen.getByText('You were invited to work on a patent application.')).toBeTruthy()
    const next = encodeURIComponent(path)
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/register?next=${next}`,
    )
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/login?next=${next}`)
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
    expect(calls).toEqual([])
  })

  it('accepts only on the click of a signed-in reader, then opens the application', async () => {
    startSession(testUser)
    const calls = stubApi({ 'POST /api/invitations/accept': { applicationId: 5 } })
    const { user, router } = renderPage()
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull()
    // Mail scanners open links: arriving changes nothing.
    expect(calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/patents/5'))
    expect(requestsTo(calls, 'POST /api/invitations/accept').map(({ body }) => body)).toEqual([
      { token: 'abc123' },
    ])
    expect(await screen.findByText('Invitation accepted')).toBeTruthy()
  })

  it('says so when the invitation was withdrawn or used', async () => {
    startSession(testUser)
    stubApi({
      'POST /api/invitations/accept': [
        404,
        { error: 'NOT_FOUND', message: collaboratorMessages.invitationInvalid },
      ],
    })
    const { user, router } = renderPage()
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }))
    expect((await screen.findByRole('alert')).textContent).toBe(collaboratorMessages.invitationInvalid)
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
    expect(router.state.location.pathname).toBe('/invitation')
  })

  it('says a link without a token is not valid', () => {
    startSession(testUser)
    renderPage('/invitation')
    expect(screen.getByRole('alert').textContent).toBe(collaboratorMessages.invitationInvalid)
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
  })
})
