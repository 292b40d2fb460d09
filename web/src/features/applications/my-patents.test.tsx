import type { ApplicationStatus } from '@patentdesk/contract/application-statuses'
import type { ApplicationSummary } from '@patentdesk/contract/applications'
import type { CollaboratorRole } from '@patentdesk/contract/collaborator-roles'
import type { SharedApplication } from '@patentdesk/contract/collaborators'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sharedApplicationsQueryOptions } from '@/features/collaborators/api'
import { applicationsQueryOptions } from '@/lib/application-queries'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { MyPatents } from './my-patents'

const statuses: ApplicationStatus[] = [
  'draft',
  'submitted',
  'under_review',
  'revision_required',
  'approved',
  'rejected',
]

function summary(status: ApplicationStatus, index: number): ApplicationSummary {
  const day = String(10 + index).padStart(2, '0')
  return {
    id: index + 1,
    reference: `PA-2026-0000${index + 1}`,
    title: `Invention ${status}`,
    status,
    createdAt: `2026-01-${day}T09:00:00.000Z`,
    updatedAt: `2026-02-${day}T09:00:00.000Z`,
    submittedAt: null,
  }
}

function sharedSummary(role: CollaboratorRole, index: number, status: ApplicationStatus = 'draft') {
  const application: SharedApplication = {
    ...summary(status, index + 10),
    title: `Shared ${role}`,
    role,
    ownerName: `Owner ${index}`,
  }
  return application
}

const sharedList = [
  sharedSummary('editor', 0),
  sharedSummary('viewer', 1),
  sharedSummary('editor', 2, 'submitted'),
]

function renderList(path: string, list = statuses.map(summary), shared = sharedList) {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(applicationsQueryOptions.queryKey, list)
  queryClient.setQueryData(sharedApplicationsQueryOptions.queryKey, shared)
  return renderWithProviders(<MyPatents />, { path, queryClient })
}

const titles = () =>
  screen
    .queryAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent)

const rowOf = (title: string) => {
  const row = screen.getByText(title).closest('tr')
  if (!row) throw new Error(`No row for ${title}`)
  return within(row)
}

describe('MyPatents', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each([
    ['/patents', 'All', statuses],
    ['/patents?status=active', 'Active', ['draft', 'submitted', 'under_review', 'revision_required']],
    ['/patents?status=pending', 'Pending', ['submitted', 'under_review']],
    ['/patents?status=approved', 'Approved', ['approved']],
    ['/patents?status=rejected', 'Rejected', ['rejected']],
    ['/patents?status=unknown', 'All', statuses],
    ['/patents?shared=0', 'All', statuses],
  ])('at %s selects %s and lists its applications', (path, tab, expected) => {
    renderList(path)
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(tab)
    expect(titles()).toEqual(expected.map((status) => `Invention ${status}`))
  })

  it('binds the tabs to ?status=, with no parameter for All', async () => {
    const { user, router } = renderList('/patents')
    await user.click(screen.getByRole('tab', { name: 'Pending' }))
    expect(router.state.location.search).toBe('?status=pending')
    expect(titles()).toEqual(['Invention submitted', 'Invention under_review'])
    await user.click(screen.getByRole('tab', { name: 'All' }))
    expect(router.state.location.search).toBe('')
  })

  it('lists the applications shared with the user at ?shared=1, with owner and role', () => {
    renderList('/patents?shared=1&status=pending')
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Shared with me')
    expect(titles()).toEqual(['Shared editor', 'Shared viewer', 'Shared editor'])
    const [first] = screen.getAllByRole('row').slice(1)
    const cells = within(first as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells.slice(1, 5)).toEqual(['Shared editor', 'Owner 0', 'Editor', 'Draft'])
  })

  it('binds the Shared with me tab to ?shared=1, which another tab removes', async () => {
    const { user, router } = renderList('/patents?status=approved')
    await user.click(screen.getByRole('tab', { name: 'Shared with me' }))
    expect(router.state.location.search).toBe('?shared=1')
    expect(titles()).toHaveLength(3)
    await user.click(screen.getByRole('tab', { name: 'Pending' }))
    expect(router.state.location.search).toBe('?status=pending')
  })

  it('offers a shared application for editing only to an editor, while it may be edited', () => {
    renderList('/patents?shared=1')
    const rows = screen.getAllByRole('row').slice(1)
    const edits = rows.map((row) => {
      const edit = within(row).getByLabelText('Edit')
      return edit.getAttribute('href') ?? (edit.hasAttribute('disabled') ? 'disabled' : 'enabled')
    })
    expect(edits).toEqual(['/new-application?edit=11', 'disabled', 'disabled'])
    const second = within(rows[1] as HTMLElement)
    expect(second.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/patents/12')
    expect(second.getByRole('link', { name: 'Feedback' }).getAttribute('href')).toBe('/patents/12/feedback')
  })

  it('says when nothing is shared with the user', () => {
    renderList('/patents?shared=1', [], [])
    expect(screen.getByText('Nothing shared with you yet')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Create New Application' })).toBeNull()
  })

  it('offers edit only for drafts and applications needing revision, as the contract rules', () => {
    renderList('/patents')
    for (const status of statuses) {
      const row = rowOf(`Invention ${status}`)
      const edit = row.getByLabelText('Edit')
      if (!['draft', 'revision_required'].includes(status)) {
        expect(edit.tagName).toBe('BUTTON')
        expect(edit.hasAttribute('disabled')).toBe(true)
      } else {
        expect(edit.getAttribute('href')).toBe(`/new-application?edit=${statuses.indexOf(status) + 1}`)
      }
    }
  })

  it('shows row-shaped skeletons, named for screen readers, while the list loads', () => {
    stubApi({ 'GET /api/patents': () => new Promise(() => {}) })
    renderWithProviders(<MyPatents />, { path: '/patents' })
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-busy')).toBe('true')
    expect(status.textContent).toBe('Loading applications...')
    expect(status.querySelectorAll('.animate-pulse[aria-hidden="true"]').length).toBeGreaterThanOrEqual(5)
    expect(screen.queryByText('Loading applications...', { selector: 'p' })).toBeNull()
  })

  it('links each row to its view and feedback pages', () => {
    renderList('/patents')
    const row = rowOf('Invention draft')
    expect(row.getByRole('link', { name: 'View' }).getAttribute('href')).toBe('/patents/1')
    expect(row.getByRole('link', { name: 'Feedback' }).getAttribute('href')).toBe('/patents/1/feedback')
  })

  it('shows the empty state when nothing matches', () => {
    renderList('/patents?status=approved', [summary('draft', 0)])
    expect(screen.getByText('No applications found')).toBeTruthy()
    expect(screen.getByText('Create your first patent application to get started')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Create New Application' }).getAttribute('href')).toBe(
      '/new-application',
    )
  })
})
