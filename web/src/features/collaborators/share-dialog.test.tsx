import { authMessages } from '@patentdesk/contract/auth'
import {
  type Collaborator,
  collaboratorMessages,
  type SharedApplication,
} from '@patentdesk/contract/collaborators'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { startSession } from '@/lib/session'
import { buildApplication, testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { requestsTo, type StubRequest, stubApi } from '@/test/stub-api'
import { ShareDialog } from './share-dialog'

const grace: Collaborator = {
  id: 11,
  email: 'grace@example.com',
  role: 'editor',
  user: { id: 21, username: 'grace', fullName: 'Grace Hopper' },
  invitedAt: '2026-01-05T09:00:00.000Z',
}
const pending: Collaborator = {
  id: 12,
  email: 'a.very.long.address.for.someone@research.example.org',
  role: 'viewer',
  user: null,
  invitedAt: '2026-01-06T09:00:00.000Z',
}

const shared = (role: SharedApplication['role']): SharedApplication => {
  const { id, reference, title, status, createdAt, updatedAt, submittedAt } = buildApplication({ id: 3 })
  return { id, reference, title, status, createdAt, updatedAt, submittedAt, role, ownerName: 'Ada Owner' }
}

function renderDialog(access: 'owner' | 'viewer' | 'editor', path = '/patents/3') {
  startSession(access === 'owner' ? testUser : { ...testUser, id: 21, fullName: 'Grace Hopper' })
  const application = buildApplication({ id: 3, access, userId: access === 'owner' ? testUser.id : 99 })
  return renderWithProviders(
    <>
      <ShareDialog application={application} />
      <Toaster />
    </>,
    { path, queryClient: createTestQueryClient() },
  )
}

const rows = () => within(screen.getByRole('dialog')).getAllByRole('listitem')

describe('ShareDialog', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists the owner first, then each collaborator, a pending address as an invitation', async () => {
    const calls = stubApi({ 'GET /api/patents/3/collaborators': [grace, pending] })
    const { user } = renderDialog('owner')
    expect(calls).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Share' }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    const [owner, accepted, invited] = rows()
    expect(owner?.textContent).toContain('Alice Inventor (you)')
    expect(owner?.textContent).toContain('Owner')
    expect(accepted?.textContent).toContain('Grace Hopper')
    expect(accepted?.textContent).toContain('grace@example.com')
    expect(accepted?.textContent).not.toContain('Invitation sent')
    expect(invited?.textContent).toContain(pending.email)
    expect(invited?.textContent).toContain('Invitation sent')
  })

  it('checks the address with the contract before sending, then invites with the chosen role', async () => {
    let list = [grace]
    const calls = stubApi({
      'GET /api/patents/3/collaborators': () => list,
      'POST /api/patents/3/collaborators': ({ body }: StubRequest) => {
        list = [grace, { ...pending, ...(body as object) }]
        return [201, list[1]]
      },
    })
    const { user } = renderDialog('owner')
    await user.click(screen.getByRole('button', { name: 'Share' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.type(dialog.getByLabelText('Email address'), 'not-an-address')
    await user.click(dialog.getByRole('button', { name: 'Invite' }))
    expect(await dialog.findByText(authMessages.email)).toBeTruthy()
    expect(requestsTo(calls, 'POST *')).toEqual([])

    expect(dialog.getByText('Reads the application, its documents, feedback and deadlines.')).toBeTruthy()
    await user.click(dialog.getByRole('combobox', { name: 'Role' }))
    await user.click(await screen.findByRole('option', { name: /^Editor/ }))
    expect(dialog.getByText('Also edits the draft and uploads documents.')).toBeTruthy()
    await user.clear(dialog.getByLabelText('Email address'))
    await user.type(dialog.getByLabelText('Email address'), ' new@example.com ')
    await user.click(dialog.getByRole('button', { name: 'Invite' }))

    expect(await screen.findByText('Invitation sent', { selector: 'p' })).toBeTruthy()
    expect(requestsTo(calls, 'POST *').map(({ body }) => body)).toEqual([
      { email: 'new@example.com', role: 'editor' },
    ])
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect((dialog.getByLabelText('Email address') as HTMLInputElement).value).toBe('')
  })

  it.each([collaboratorMessages.already, collaboratorMessages.tooMany])(
    'shows the refusal "%s" in the form, not as a toast',
    async (message) => {
      stubApi({
        'GET /api/patents/3/collaborators': [grace],
        'POST /api/patents/3/collaborators': [409, { error: 'CONFLICT', message }],
      })
      const { user } = renderDialog('owner')
      await user.click(screen.getByRole('button', { name: 'Share' }))
      const dialog = within(await screen.findByRole('dialog'))
      await user.type(dialog.getByLabelText('Email address'), 'grace@example.com')
      await user.click(dialog.getByRole('button', { name: 'Invite' }))
      expect((await dialog.findByRole('alert')).textContent).toBe(message)
      expect(screen.queryByText('Invitation not sent')).toBeNull()
    },
  )

  it("changes a collaborator's role", async () => {
    const calls = stubApi({
      'GET /api/patents/3/collaborators': [grace],
      'PATCH /api/patents/3/collaborators/11': ({ body }: StubRequest) => ({ ...grace, ...(body as object) }),
    })
    const { user } = renderDialog('owner')
    await user.click(screen.getByRole('button', { name: 'Share' }))
    const select = await screen.findByRole('combobox', { name: 'Role of Grace Hopper' })
    expect(select.textContent).toBe('Editor')
    await user.click(select)
    await user.click(await screen.findByRole('option', { name: /^Commenter/ }))
    await waitFor(() => expect(select.textContent).toBe('Commenter'))
    expect(requestsTo(calls, 'PATCH *').map(({ body }) => body)).toEqual([{ role: 'commenter' }])
  })

  it('removes a collaborator only once the owner confirms', async () => {
    let list = [grace, pending]
    const calls = stubApi({
      'GET /api/patents/3/collaborators': () => list,
      'DELETE /api/patents/3/collaborators/11': () => {
        list = [pending]
        return { ok: true }
      },
    })
    const { user } = renderDialog('owner')
    await user.click(screen.getByRole('button', { name: 'Share' }))
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }))
    expect(screen.getByText('Remove Grace Hopper? They lose access at once.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByText(/They lose access at once/)).toBeNull()
    expect(requestsTo(calls, 'DELETE *')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }))
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(requestsTo(calls, 'DELETE *')).toHaveLength(1)
    expect(screen.queryByText('grace@example.com')).toBeNull()
  })

  it('shows a collaborator the list read-only, with the owner named, and lets them leave', async () => {
    const calls = stubApi({
      'GET /api/patents/3/collaborators': [grace, pending],
      'GET /api/patents/shared': [shared('editor')],
      'DELETE /api/patents/3/collaborators/11': { ok: true },
    })
    const { user, router } = renderDialog('editor')
    await user.click(screen.getByRole('button', { name: 'Who has access' }))
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Ada Owner'))
    const dialog = within(screen.getByRole('dialog'))
    expect(dialog.queryByLabelText('Email address')).toBeNull()
    expect(dialog.queryByRole('combobox')).toBeNull()
    expect(dialog.queryByRole('button', { name: /^Remove/ })).toBeNull()
    expect(rows()[1]?.textContent).toContain('Grace Hopper (you)')
    expect(rows()[2]?.textContent).toContain('Viewer')
    expect(within(rows()[2] as HTMLElement).queryByRole('button', { name: 'Leave' })).toBeNull()

    await user.click(dialog.getByRole('button', { name: 'Leave' }))
    expect(requestsTo(calls, 'DELETE *')).toEqual([])
    await user.click(
      within(dialog.getByText(/^Leave this application/).parentElement as HTMLElement).getByRole('button', {
        name: 'Leave',
      }),
    )
    await waitFor(() => expect(router.state.location.search).toBe('?shared=1'))
    expect(router.state.location.pathname).toBe('/patents')
    expect(requestsTo(calls, 'DELETE *')).toHaveLength(1)
    expect(await screen.findByText('You left the application')).toBeTruthy()
  })
})
