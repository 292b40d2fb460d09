import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StoredUser } from '@/lib/session'
import { renderWithProviders } from '@/test/render'
import { Sidebar } from './sidebar'

const applicant: StoredUser = {
  id: 3,
  username: 'alice',
  isAdmin: false,
  email: 'alice@example.com',
  fullName: 'Alice Example',
  organization: 'Acme Research Ltd',
}

function renderSidebar(user: StoredUser, path = '/dashboard') {
  renderWithProviders(<Sidebar user={user} />, { path })
  return screen.getByRole('navigation', { name: 'Main' })
}

describe('Sidebar', () => {
  it('has no ADMIN section for an applicant', () => {
    const nav = renderSidebar(applicant)
    expect(within(nav).queryByText('ADMIN')).toBeNull()
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).toBeNull()
  })

  it('shows the ADMIN section with the Admin Dashboard link to an administrator', () => {
    const nav = renderSidebar({ ...applicant, isAdmin: true })
    expect(within(nav).getByText('ADMIN')).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin')
  })

  it('shows the full name and email, and User when there is no full name', () => {
    const nav = renderSidebar(applicant)
    expect(within(nav).getByText('Alice Example')).toBeTruthy()
    expect(within(nav).getByText('alice@example.com')).toBeTruthy()
    expect(within(nav).queryByText('User')).toBeNull()
  })

  it('falls back to User for an empty full name', () => {
    const nav = renderSidebar({ ...applicant, fullName: '' })
    expect(within(nav).getByText('User')).toBeTruthy()
  })

  it('lists Settings in the ACCOUNT section between Profile and Logout', () => {
    const nav = renderSidebar(applicant)
    expect(within(nav).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings')
    const items = within(nav)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
      .slice(-3)
    expect(items).toEqual(['Profile', 'Settings', 'Logout'])
  })

  it.each([
    ['/settings', 'Settings'],
    ['/profile', 'Profile'],
    ['/patents', 'My Patents'],
  ])('marks only the link of %s as the current page', (path, label) => {
    const nav = renderSidebar(applicant, path)
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent)
    expect(current).toEqual([label])
  })
})
