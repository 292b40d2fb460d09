import { twoFactorMessages } from '@patentdesk/contract/auth'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { getSessionUser, startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { type StubRequest, stubApi } from '@/test/stub-api'
import { TwoFactorEnableDialog } from './two-factor-enable-dialog'

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '0')}`)
const password = 'cobol-rules'

/** The set-up route as the server answers it: a secret for the right password, 401 on the field otherwise. */
const setupRoute = ({ body }: StubRequest) =>
  (body as { password?: string }).password === password
    ? { secret, otpauthUri: `otpauth://totp/PatentDesk:alice?issuer=PatentDesk&secret=${secret}` }
    : [
        401,
        {
          error: 'UNAUTHENTICATED',
          message: twoFactorMessages.wrongPassword,
          fields: { password: twoFactorMessages.wrongPassword },
        },
      ]

async function openDialog() {
  const { user } = renderWithProviders(
    <>
      <TwoFactorEnableDialog />
      <Toaster />
    </>,
    { path: '/settings' },
  )
  await user.click(screen.getByRole('button', { name: 'Enable 2FA' }))
  const dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication' })
  return { user, dialog }
}

describe('TwoFactorEnableDialog', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => vi.restoreAllMocks())

  it('asks for the current password first, and shows a wrong one at its field without a toast or a sign-out', async () => {
    const calls = stubApi({ 'POST /api/auth/2fa/setup': setupRoute })
    const { user, dialog } = await openDialog()
    expect(within(dialog).getByText(/signs out your other sessions/)).toBeTruthy()
    const field = within(dialog).getByLabelText('Current password')
    expect(field.getAttribute('type')).toBe('password')
    expect(calls).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(await within(dialog).findByText(twoFactorMessages.passwordRequired)).toBeTruthy()
    expect(calls).toEqual([])

    await user.type(field, 'not-my-password')
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    const error = await within(dialog).findByText(twoFactorMessages.wrongPassword)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(error.id)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ path: '/api/auth/2fa/setup', body: { password: 'not-my-password' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(getSessionUser()).not.toBeNull()
    expect(within(dialog).queryByTestId('totp-secret')).toBeNull()
  })

  it('shows the QR code and the secret after the password, checks the code by the contract, then shows the recovery codes once', async () => {
    const calls = stubApi({
      'POST /api/auth/2fa/setup': setupRoute,
      'POST /api/auth/2fa/enable': { recoveryCodes, revokedSessions: 2 },
    })
    const { user, dialog } = await openDialog()
    await user.type(within(dialog).getByLabelText('Current password'), password)
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect((await within(dialog).findByTestId('totp-secret')).textContent).toBe(secret)
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(calls[0]).toMatchObject({ path: '/api/auth/2fa/setup', body: { password } })

    await user.type(within(dialog).getByLabelText('6-digit code'), '12a')
    await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }))
    expect(await within(dialog).findByText(twoFactorMessages.code)).toBeTruthy()
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/2fa/setup'])

    await user.clear(within(dialog).getByLabelText('6-digit code'))
    await user.type(within(dialog).getByLabelText('6-digit code'), '123 456')
    await user.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }))
    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(recoveryCodes)
    expect(calls[1]).toMatchObject({ path: '/api/auth/2fa/enable', body: { code: '123456' } })
    expect(screen.getByText('2 other sessions were signed out.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download (.txt)' })).toBeTruthy()
  })
})
