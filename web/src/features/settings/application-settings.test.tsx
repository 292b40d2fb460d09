import type {
  ActiveSession,
  ApiKeyStatus,
  DatabaseStatus,
  DataSourceDetail,
} from '@patentdesk/contract/settings'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { profileQueryOptions } from '@/features/auth/api'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import {
  apiKeyStatusQueryOptions,
  databaseStatusQueryOptions,
  dataSourceQueryOptions,
  sessionsQueryOptions,
} from './api'
import { ApplicationSettings } from './application-settings'

const apiKeyStatus: ApiKeyStatus = {
  success: true,
  data: {
    apiKeys: {
      UK_IPO_API: true,
      BL_API: false,
      CIPA_API: false,
      UK_CASE_LAW_API: false,
      EPO_OPS_API: true,
      WIPO_API: false,
    },
  },
  configuredApiCount: 2,
  totalApiCount: 6,
}

const epo: DataSourceDetail = {
  success: true,
  data: {
    id: 'epo',
    name: 'European Patent Office',
    description: 'Open Patent Services.',
    url: 'https://www.epo.org',
    apiUrl: 'https://ops.epo.org',
    keyRequired: true,
    keyConfigured: true,
    dataRetrieved: ['Bibliographic data', 'Patent families'],
  },
}

const sessions: ActiveSession[] = [
  {
    id: 1,
    createdAt: '2026-01-01T09:00:00.000Z',
    lastUsedAt: '2026-01-02T09:00:00.000Z',
    expiresAt: '2026-02-01T09:00:00.000Z',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    ipAddress: '127.0.0.1',
    current: true,
  },
  {
    id: 2,
    createdAt: '2026-01-01T08:00:00.000Z',
    lastUsedAt: '2026-01-01T08:00:00.000Z',
    expiresAt: '2026-02-01T08:00:00.000Z',
    userAgent: 'curl/8.5.0',
    ipAddress: null,
    current: false,
  },
]

const database: DatabaseStatus = {
  driver: 'pglite',
  ok: true,
  tables: [
    { name: 'users', rows: 3 },
    { name: 'notifications', rows: 1200 },
  ],
}

function renderSettings() {
  const queryClient = createTestQueryClient()
  queryClient.setQueryData(apiKeyStatusQueryOptions.queryKey, apiKeyStatus)
  queryClient.setQueryData(dataSourceQueryOptions('epo').queryKey, epo)
  queryClient.setQueryData(sessionsQueryOptions.queryKey, sessions)
  queryClient.setQueryData(databaseStatusQueryOptions.queryKey, database)
  queryClient.setQueryData(profileQueryOptions.queryKey, {
    email: testUser.email,
    fullName: testUser.fullName,
    organization: testUser.organization,
    twoFactorEnabled: false,
  })
  return renderWithProviders(
    <>
      <ApplicationSettings />
      <Toaster />
    </>,
    { path: '/settings', queryClient },
  )
}

describe('ApplicationSettings', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('shows which of the six sources have a key and how many are configured', () => {
    renderSettings()
    expect(screen.getByText('2 of 6 configured')).toBeTruthy()
    const rows = screen.getAllByRole('listitem')
    expect(rows).toHaveLength(6)
    expect(rows.map((row) => within(row).getByText(/configured/i).textContent)).toEqual([
      'Configured',
      'Not configured',
      'Not configured',
      'Not configured',
      'Configured',
      'Not configured',
    ])
    expect(screen.getByText(/configured only by a system administrator/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard')
  })

  it('opens and closes the details of a source', async () => {
    const { user } = renderSettings()
    const epoRow = screen.getAllByRole('listitem')[4] as HTMLElement
    await user.click(within(epoRow).getByRole('button', { name: 'View Details' }))
    const dialog = await screen.findByRole('dialog', { name: 'European Patent Office' })
    expect(within(dialog).getByText('https://ops.epo.org')).toBeTruthy()
    expect(within(dialog).getByText('Patent families')).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('reports a source whose details cannot be fetched', async () => {
    stubApi({ 'GET /api/public/config/data-source/wipo': new Response('', { status: 500 }) })
    const { user } = renderSettings()
    const wipoRow = screen.getAllByRole('listitem')[5] as HTMLElement
    await user.click(within(wipoRow).getByRole('button', { name: 'View Details' }))
    expect(await screen.findByText('Failed to fetch information for wipo')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('lists the real sessions, marks this device and offers to enable 2FA', async () => {
    const { user } = renderSettings()
    await user.click(screen.getByRole('tab', { name: 'Security' }))
    expect(screen.getByText('2 active sessions')).toBeTruthy()
    expect(screen.getByText('Chrome on Linux')).toBeTruthy()
    expect(screen.getByText('curl/8.5.0')).toBeTruthy()
    expect(screen.getAllByText('This device')).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Go to My Profile' }).getAttribute('href')).toBe('/profile')
    expect(screen.getByText('Two-factor authentication is not enabled.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Enable 2FA' })).toHaveProperty('disabled', false)
  })

  it('shows the driver, its status and the live row counts', async () => {
    const { user } = renderSettings()
    await user.click(screen.getByRole('tab', { name: 'Database' }))
    expect(screen.getByText('PGlite (embedded PostgreSQL)')).toBeTruthy()
    expect(screen.getByText('Connected')).toBeTruthy()
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual(['users3', 'notifications1,200'])
  })
})
