import type { ApplicationStatus } from '@patentdesk/contract/application-statuses'
import type { AccessLevel } from '@patentdesk/contract/applications'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { draftingChecksPath } from '@/features/drafting/api'
import { startSession } from '@/lib/session'
import { buildApplication, testUser } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { ApplicationDetailHeader, OwnerActions } from './application-detail-header'

function renderHeader(access: AccessLevel, status: ApplicationStatus = 'draft') {
  startSession({ ...testUser, isAdmin: access === 'admin' })
  stubApi({ [draftingChecksPath]: { issues: [] } })
  const application = buildApplication({ id: 3, access, status })
  renderWithProviders(
    <ApplicationDetailHeader
      application={application}
      actions={<OwnerActions application={application} />}
    />,
  )
}

/** The header's actions and badge, as a reader names them. */
function shown() {
  const names = ['Share', 'Who has access', 'Edit', 'Submit for Review']
  const actions = names.filter((name) => screen.queryByRole(name === 'Edit' ? 'link' : 'button', { name }))
  const badge = screen.queryByText(/^Shared with you/)?.textContent ?? null
  return { actions, badge }
}

describe('OwnerActions and the header badge', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each<[AccessLevel, ApplicationStatus, string[], string | null]>([
    ['owner', 'draft', ['Share', 'Edit', 'Submit for Review'], null],
    ['owner', 'revision_required', ['Share', 'Edit', 'Submit for Review'], null],
    ['owner', 'submitted', ['Share'], null],
    ['editor', 'draft', ['Who has access', 'Edit'], 'Shared with you · Editor'],
    ['editor', 'under_review', ['Who has access'], 'Shared with you · Editor'],
    ['commenter', 'draft', ['Who has access'], 'Shared with you · Commenter'],
    ['viewer', 'draft', ['Who has access'], 'Shared with you · Viewer'],
    ['admin', 'draft', [], null],
  ])('for %s access on a %s application shows %j and the badge %j', (access, status, actions, badge) => {
    renderHeader(access, status)
    expect(shown()).toEqual({ actions, badge })
  })

  it("links an editor's Edit to the edit form", () => {
    renderHeader('editor')
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/new-application?edit=3')
  })
})
