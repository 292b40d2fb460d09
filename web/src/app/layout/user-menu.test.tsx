import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StoredUser } from '@/lib/session'
import { renderWithProviders } from '@/test/render'
import { UserMenu } from './user-menu'

const applicant: StoredUser = {
  id: 3,
  username: 'alice',
  isAdmin: false,
  email: 'alice@example.com',
  fullName: 'Alice Example',
  organization: null,
}

describe('UserMenu', () => {
  it('offers Profile, Settings and Logout, and Settings goes to /settings', async () => {
    const { user, router } = renderWithProviders(<UserMenu user={applicant} />, { path: '/dashboard' })
    await user.click(screen.getByRole('button', { name: /^User menu/ }))
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent)
    expect(items).toEqual(['Profile', 'Settings', 'Logout'])
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }))
    expect(router.state.location.pathname).toBe('/settings')
  })
})
