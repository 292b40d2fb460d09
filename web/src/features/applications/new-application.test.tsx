import type { Application } from '@patentdesk/contract/applications'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { draftingChecksPath } from '@/features/drafting/api'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { fakeUploads } from '@/test/fake-uploads'
import { renderWithProviders } from '@/test/render'
import { requestsTo, stubApi } from '@/test/stub-api'
import { NewApplication } from './new-application'

const created: Application = {
  id: 42,
  version: 1,
  access: 'owner',
  userId: 7,
  reference: 'PA-2026-00042',
  title: 'Self-heating mug',
  abstract: 'A mug that keeps a drink at a chosen temperature with an induction coil.',
  description:
    'The mug holds a sealed induction coil in its base and a thermistor in its wall; a controller switches the coil to keep the drink warm.',
  claims: ['A mug comprising an induction coil in its base.'],
  status: 'draft',
  createdAt: '2026-02-01T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
  submittedAt: null,
}

const uploadId = '6f1c2a9e-3b7d-4c1a-9e2f-5a8b7c6d4e3f'
const pending = {
  id: uploadId,
  fileName: 'drawing.pdf',
  fileType: 'application/pdf',
  sizeBytes: 8,
  expiresAt: '',
}

/**
 * Answers the save with a fresh response each time, the attachment of uploads with an empty list,
 * removals with ok, and the form's drafting checks with no issues.
 */
function stubServer(body: unknown, status: number) {
  return stubApi({
    [draftingChecksPath]: { issues: [] },
    'POST /api/patents/*/documents/attach': [201, []],
    'DELETE /api/uploads/*': { ok: true },
    'POST /api/patents': [status, body],
  })
}

function signIn() {
  startSession(testUser)
}

async function fillAndSave(files: File[], beforeSave = async () => {}) {
  const rendered = renderWithProviders(
    <>
      <NewApplication />
      <Toaster />
    </>,
    { path: '/new-application' },
  )
  const { user } = rendered
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } })
  fill('Title', created.title)
  fill('Abstract', created.abstract)
  await user.click(screen.getByRole('button', { name: 'Next' }))
  fill('Description', created.description)
  await user.click(screen.getByRole('button', { name: 'Next' }))
  fill('Claim 1', created.claims[0] ?? '')
  if (files.length > 0) await user.upload(screen.getByLabelText('Document files'), files)
  await beforeSave()
  const save = screen.getByRole('button', { name: 'Save Application' })
  await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false))
  await user.click(save)
  return rendered
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' })

describe('NewApplication saving', () => {
  beforeEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('uploads a file as it is chosen, then creates the draft, attaches the upload and goes to /patents', async () => {
    signIn()
    const calls = stubServer(created, 201)
    const uploads = fakeUploads(() => ({ status: 201, body: pending }))
    const { router } = await fillAndSave([pdf('drawing.pdf')], async () => {
      // Uploaded before Save was pressed.
      expect(await screen.findByText('Uploaded')).toBeTruthy()
      expect(uploads.map((request) => [request.method, request.path])).toEqual([['POST', '/api/uploads']])
      expect((uploads[0]?.body.get('file') as File | undefined)?.name).toBe('drawing.pdf')
      expect(requestsTo(calls, '/api/patents')).toEqual([])
    })

    await waitFor(() => expect(router.state.location.pathname).toBe('/patents'))
    const [create] = requestsTo(calls, '/api/patents')
    expect(create?.body).toMatchObject({ status: 'draft', claims: created.claims })
    const [attach] = requestsTo(calls, '/api/patents/42/documents/attach')
    expect(attach?.body).toEqual({
      uploads: [{ uploadId, documentType: 'supporting' }],
    })
    expect(await screen.findByText('Patent application created')).toBeTruthy()
    expect(screen.getByText('Your application has been saved as a draft.')).toBeTruthy()
  })

  it("shows the server's reason as soon as a file is refused, without a Retry that cannot help", async () => {
    signIn()
    stubServer(created, 201)
    fakeUploads(() => ({
      status: 415,
      body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is not a PDF.' },
    }))
    await fillAndSave([pdf('drawing.pdf'), pdf('figure.pdf')], async () => {
      expect(await screen.findAllByText('The file is not a PDF.')).toHaveLength(2)
      expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull()
      fireEvent.click(screen.getByRole('button', { name: 'Remove figure.pdf' }))
      expect(screen.getAllByText('The file is not a PDF.')).toHaveLength(1)
      fireEvent.click(screen.getByRole('button', { name: 'Remove drawing.pdf' }))
      expect(screen.queryByText('The file is not a PDF.')).toBeNull()
    })
  })

  it('Retry sends a file again after a busy server or a lost connection', async () => {
    signIn()
    stubServer(created, 201)
    let answer: { status: number; body: unknown } = {
      status: 503,
      body: { error: 'UNAVAILABLE', message: 'The server is busy.' },
    }
    fakeUploads(() => answer)
    await fillAndSave([pdf('drawing.pdf')], async () => {
      expect(await screen.findByText('The server is busy.')).toBeTruthy()
      answer = { status: 201, body: pending }
      fireEvent.click(screen.getByRole('button', { name: 'Retry drawing.pdf' }))
      expect(await screen.findByText('Uploaded')).toBeTruthy()
    })
  })

  it('saves the draft whatever happened to a file, names the file that failed and opens the draft', async () => {
    signIn()
    const calls = stubServer(created, 201)
    fakeUploads(() => ({
      status: 415,
      body: { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'The file is not a PDF.' },
    }))
    const { router } = await fillAndSave([pdf('drawing.pdf')])

    await waitFor(() => expect(router.state.location.pathname).toBe('/patents/42'))
    expect(await screen.findByText('Document upload failed')).toBeTruthy()
    expect(screen.getByText(/drawing\.pdf was not attached: The file is not a PDF\./)).toBeTruthy()
    expect(requestsTo(calls, '*/documents/attach')).toEqual([])
  })

  it('Remove takes an uploaded file out of the pending area', async () => {
    signIn()
    const calls = stubServer(created, 201)
    fakeUploads(() => ({ status: 201, body: pending }))
    await fillAndSave([pdf('drawing.pdf')], async () => {
      expect(await screen.findByText('Uploaded')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Remove drawing.pdf' }))
      await waitFor(() => expect(requestsTo(calls, `/api/uploads/${uploadId}`)).toHaveLength(1))
      expect(screen.queryByText('drawing.pdf')).toBeNull()
    })
    await waitFor(() => expect(requestsTo(calls, '/api/patents')).toHaveLength(1))
    expect(requestsTo(calls, '*/documents/attach')).toEqual([])
  })

  it('shows the query wording of the 401 message when the save is refused', async () => {
    signIn()
    stubServer({ error: 'UNAUTHENTICATED', message: 'No session' }, 401)
    await fillAndSave([])
    expect(await screen.findByText('Error creating patent application')).toBeTruthy()
    expect(screen.getByText('Authentication required. Please login and try again.')).toBeTruthy()
  })

  it('sends a signed-out user to /login without calling the server', async () => {
    const calls = stubApi()
    const { router } = await fillAndSave([])
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.getByText('You need to be logged in to submit a patent application.')).toBeTruthy()
    expect(calls).toEqual([])
  })
})
