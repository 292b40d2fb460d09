import { twoFactorMessages } from '@patentdesk/contract/auth'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { TwoFactorEnableDialog } from './two-factor-enable-dialog'

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '0')}`)

describe('TwoFactorEnableDialog', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => vi.restoreAllMocks())

  it('shows the QR code and the secret, checks the code by the contract, then shows the recovery codes once', async () => {
    const calls = stubApi({
      'POST /api/auth/2fa/setup': {
        secret,
        otpauthUri: `otpauth://totp/PatentDesk:alice?issuer=PatentDesk&secret=${secret}`,
      },
      'POST /api/auth/2fa/enable': { recoveryCodes },
    })
    const { user } = renderWithProviders(<TwoFactorEnableDialog />, { path: '/settings' })
    await user.click(screen.getByRole('button', { name: 'Enable 2FA' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enable two-factor authentication' })
    expect((await within(dialog).findByTestId('totp-secret')).textContent).toBe(secret)
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)

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
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download (.txt)' })).toBeTruthy()
  })
})
