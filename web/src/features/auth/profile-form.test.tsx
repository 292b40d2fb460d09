import { authMessages, type Profile, type ProfileBody } from '@patentdesk/contract/auth'
import { messages } from '@patentdesk/contract/errors'
import { useQuery } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { getSessionUser, startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { type StubRequest, stubApi } from '@/test/stub-api'
import { profileQueryOptions } from './api'
import { ProfileForm } from './profile-form'

const stored: Profile = {
  email: 'alice@example.com',
  fullName: 'Alice Inventor',
  organization: null,
  twoFactorEnabled: false,
}
const password = 'cobol-rules'

/** `PUT /api/auth/profile` as the server answers it: the current password is checked when the email changes. */
const saveRoute = ({ body }: StubRequest) => {
  const { currentPassword, ...profile } = body as ProfileBody
  if (profile.email === stored.email)
    return { ...stored, ...profile, organization: profile.organization || null }
  if (!currentPassword)
    return [
      400,
      {
        error: 'BAD_REQUEST',
        message: `currentPassword: ${authMessages.emailChangePassword}`,
        fields: { currentPassword: authMessages.emailChangePassword },
      },
    ]
  if (currentPassword !== password)
    return [
      401,
      {
        error: 'UNAUTHENTICATED',
        message: messages.wrongCurrentPassword,
        fields: { currentPassword: messages.wrongCurrentPassword },
      },
    ]
  return { ...stored, ...profile, organization: profile.organization || null }
}

/** The form as My Profile shows it: fed by the profile query, which a save updates. */
function ProfileScreen() {
  const profile = useQuery(profileQueryOptions)
  return profile.data ? <ProfileForm profile={profile.data} /> : null
}

function renderForm() {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(profileQueryOptions.queryKey, stored)
  return renderWithProviders(
    <>
      <ProfileScreen />
      <Toaster />
    </>,
    { path: '/profile', queryClient },
  )
}

const currentPassword = () => screen.queryByLabelText('Current password')
const save = () => screen.getByRole('button', { name: 'Save Changes' })

describe('ProfileForm', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => vi.restoreAllMocks())

  it('saves a name without asking for the password, and sends none', async () => {
    const calls = stubApi({ 'PUT /api/auth/profile': saveRoute })
    const { user } = renderForm()
    await user.clear(screen.getByLabelText('Full Name'))
    await user.type(screen.getByLabelText('Full Name'), 'Alice Renamed')
    expect(currentPassword()).toBeNull()
    await user.click(save())
    expect(await screen.findByText('Profile updated')).toBeTruthy()
    expect(calls.map(({ body }) => body)).toEqual([
      { email: stored.email, fullName: 'Alice Renamed', organization: '' },
    ])
  })

  it('shows the current password field while the email differs from the stored one', async () => {
    stubApi()
    const { user } = renderForm()
    const email = screen.getByLabelText('Email')
    await user.type(email, 'x')
    expect(currentPassword()?.getAttribute('type')).toBe('password')
    expect(screen.getByText(/tell your old address about the change/)).toBeTruthy()
    await user.type(email, '{Backspace}')
    expect(currentPassword()).toBeNull()
    // The same address in other capitals is no move (the server compares as it looks addresses up).
    await user.clear(email)
    await user.type(email, 'Alice@Example.com')
    expect(currentPassword()).toBeNull()
  })

  it('refuses an email change without the password on the client, in the contract words', async () => {
    const calls = stubApi({ 'PUT /api/auth/profile': saveRoute })
    const { user } = renderForm()
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'alice@new.example')
    await user.click(save())
    expect(await screen.findByText(authMessages.emailChangePassword)).toBeTruthy()
    expect(currentPassword()?.getAttribute('aria-invalid')).toBe('true')
    expect(calls).toEqual([])
  })

  it("shows the server's wrong-password answer at the field, without a toast or a sign-out, then saves with the right one", async () => {
    const calls = stubApi({ 'PUT /api/auth/profile': saveRoute })
    const { user } = renderForm()
    await user.clear(screen.getByLabelText('Email'))
    await user.type(screen.getByLabelText('Email'), 'alice@new.example')
    await user.type(screen.getByLabelText('Current password'), 'not-my-password')
    await user.click(save())
    expect(await screen.findByText(messages.wrongCurrentPassword)).toBeTruthy()
    expect(currentPassword()?.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(getSessionUser()).not.toBeNull()

    await user.clear(screen.getByLabelText('Current password'))
    await user.type(screen.getByLabelText('Current password'), password)
    await user.click(save())
    expect(await screen.findByText('Profile updated')).toBeTruthy()
    expect(calls.map(({ body }) => body)).toEqual([
      {
        email: 'alice@new.example',
        fullName: stored.fullName,
        organization: '',
        currentPassword: 'not-my-password',
      },
      { email: 'alice@new.example', fullName: stored.fullName, organization: '', currentPassword: password },
    ])
    // The new address is now the stored one: no password asked for, nothing left to save.
    expect(currentPassword()).toBeNull()
    expect(getSessionUser()?.email).toBe('alice@new.example')
    expect(save().hasAttribute('disabled')).toBe(true)
  })
})
