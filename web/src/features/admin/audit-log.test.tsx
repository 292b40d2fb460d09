import type { AuditEntry } from '@patentdesk/contract/activity'
import { daysInOrderMessage } from '@patentdesk/contract/activity'
import { messages } from '@patentdesk/contract/errors'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startSession } from '@/lib/session'
import { buildAdminUser, buildApplication, testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture, seedApplicationDetail } from '@/test/seed-application-detail'
import { type Route, requestsTo, stubApi } from '@/test/stub-api'
import { AdminDashboard } from './admin-dashboard'
import { adminApplicationsQueryOptions, adminUsersQueryOptions } from './api'

function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    action: 'status_changed',
    actor: { id: 1, fullName: 'Ada Admin' },
    subject: 'PA-2026-00004',
    applicationId: 4,
    detail: 'Changed the status from Submitted to Under Review.',
    createdAt: '2026-03-05T09:00:00.000Z',
    ...overrides,
  }
}

const page = (entries: AuditEntry[], nextBefore: number | null = null) => ({ entries, nextBefore })

/** The dashboard on its Audit Log tab, the log answered by `routes`. */
async function renderAuditLog(routes: Record<string, Route>) {
  const calls = stubApi(routes)
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(adminApplicationsQueryOptions.queryKey, [])
  queryClient.setQueryData(adminUsersQueryOptions.queryKey, [
    buildAdminUser({ id: 1, fullName: 'Ada Admin', isAdmin: true }),
    buildAdminUser({ id: 2, fullName: 'Bob Applicant' }),
    buildAdminUser({ id: 3, fullName: 'Cy Admin', isAdmin: true }),
  ])
  seedApplicationDetail(queryClient, { application: buildApplication({ id: 4, title: 'Solar soil sensor' }) })
  const rendered = renderWithProviders(<AdminDashboard />, { path: '/admin', queryClient })
  await rendered.user.click(screen.getByRole('tab', { name: 'Audit Log' }))
  return { ...rendered, calls }
}

/** The table's text (the phone's cards hold the same entries). */
const tableText = () => screen.getByRole('table', { name: 'Audit log' }).textContent

const auditPaths = (calls: ReturnType<typeof stubApi>) =>
  requestsTo(calls, 'GET /api/admin/audit*').map(({ path }) => path)

describe('Audit log', () => {
  beforeAll(polyfillPointerCapture)
  beforeEach(() => startSession({ ...testUser, isAdmin: true }))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('lists who did what to which application or user, the command line by name', async () => {
    const { user } = await renderAuditLog({
      'GET /api/admin/audit': page([
        buildAuditEntry({ id: 2 }),
        buildAuditEntry({
          id: 1,
          action: 'user_promoted',
          actor: null,
          subject: 'carol',
          applicationId: null,
          detail: 'Made carol an administrator.',
        }),
      ]),
      '*': [],
    })
    const table = await screen.findByRole('table', { name: 'Audit log' })
    const [statusRow, cliRow] = within(table).getAllByRole('row').slice(1) as HTMLElement[]
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    expect(cells(statusRow).slice(1)).toEqual([
      'Ada Admin',
      'Status changed',
      'PA-2026-00004',
      'Changed the status from Submitted to Under Review.',
    ])
    expect(cells(cliRow).slice(1)).toEqual([
      'Command line',
      'User made administrator',
      'carol',
      'Made carol an administrator.',
    ])
    expect(within(cliRow as HTMLElement).queryByRole('button')).toBeNull()
    const cards = within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem')
    expect(cards.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Status changedPA-2026-00004Changed the status'),
      expect.stringContaining('User made administratorcarolMade carol an administrator.Command line'),
    ])

    await user.click(within(statusRow as HTMLElement).getByRole('button', { name: 'PA-2026-00004' }))
    expect(screen.getByRole('tab', { name: 'Review Application', selected: true })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Solar soil sensor' })).toBeTruthy()
  })

  it('asks the log with the chosen filters, exports with the same, and Clear asks it whole again', async () => {
    const filtered = '?action=feedback&adminId=3&from=2026-03-01&to=2026-03-31'
    const { user, calls } = await renderAuditLog({
      [`GET /api/admin/audit${filtered}`]: page([
        buildAuditEntry({ action: 'feedback', detail: 'Sent feedback: “Add drawings.”' }),
      ]),
      'GET /api/admin/audit': page([buildAuditEntry()]),
      'GET /api/admin/audit.csv*': new Response('When (UTC),Administrator', {
        headers: { 'Content-Type': 'text/csv' },
      }),
      '*': [],
    })
    await screen.findByRole('table', { name: 'Audit log' })

    await user.click(screen.getByRole('combobox', { name: 'Action' }))
    await user.click(await screen.findByRole('option', { name: 'Feedback sent' }))
    await user.click(screen.getByRole('combobox', { name: 'Administrator' }))
    // Only administrators are offered.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All administrators',
      'Ada Admin',
      'Cy Admin',
    ])
    await user.click(screen.getByRole('option', { name: 'Cy Admin' }))
    await user.type(screen.getByLabelText('From'), '1/3/2026')
    await user.type(screen.getByLabelText('To'), '31/03/2026')
    await user.click(screen.getByRole('button', { name: 'Apply' }))

    await waitFor(() => expect(tableText()).toContain('Sent feedback: “Add drawings.”'))
    expect(auditPaths(calls)).toEqual(['/api/admin/audit', `/api/admin/audit${filtered}`])

    // jsdom has no object URLs; the spy needs a method to wrap.
    URL.createObjectURL ??= () => ''
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audit')
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(names).toEqual(['audit-log.csv']))
    expect(requestsTo(calls, 'GET /api/admin/audit.csv*').map(({ path }) => path)).toEqual([
      `/api/admin/audit.csv${filtered}`,
    ])

    await user.click(screen.getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(tableText()).toContain('Changed the status from Submitted to Under Review.'))
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toBe('All actions')
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('')
  })

  it('refuses a date that is not a real day with the contract’s message, asking nothing', async () => {
    const { user, calls } = await renderAuditLog({
      'GET /api/admin/audit': page([buildAuditEntry()]),
      '*': [],
    })
    await screen.findByRole('table', { name: 'Audit log' })
    await user.type(screen.getByLabelText('From'), '30/02/2026')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText(messages.ukDate)).toBeTruthy()
    expect(auditPaths(calls)).toEqual(['/api/admin/audit'])
  })

  it('refuses a range whose first day is after its last, asking nothing', async () => {
    const { user, calls } = await renderAuditLog({
      'GET /api/admin/audit': page([buildAuditEntry()]),
      '*': [],
    })
    await screen.findByRole('table', { name: 'Audit log' })
    await user.type(screen.getByLabelText('From'), '02/02/2026')
    await user.type(screen.getByLabelText('To'), '01/02/2026')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText(daysInOrderMessage)).toBeTruthy()
    expect(auditPaths(calls)).toEqual(['/api/admin/audit'])
  })

  it('loads the entries before the last one shown, with the filters kept', async () => {
    const { user, calls } = await renderAuditLog({
      'GET /api/admin/audit?action=feedback&before=7': page([buildAuditEntry({ id: 6, detail: 'Older.' })]),
      'GET /api/admin/audit?action=feedback': page([buildAuditEntry({ id: 7, detail: 'Newer.' })], 7),
      'GET /api/admin/audit': page([]),
      '*': [],
    })
    expect(await screen.findByText('No administrator actions recorded yet.')).toBeTruthy()
    await user.click(screen.getByRole('combobox', { name: 'Action' }))
    await user.click(await screen.findByRole('option', { name: 'Feedback sent' }))
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await user.click(await screen.findByRole('button', { name: 'Load more' }))

    await waitFor(() => expect(tableText()).toContain('Older.'))
    expect(tableText()).toContain('Newer.')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(auditPaths(calls)).toEqual([
      '/api/admin/audit',
      '/api/admin/audit?action=feedback',
      '/api/admin/audit?action=feedback&before=7',
    ])
  })
})
