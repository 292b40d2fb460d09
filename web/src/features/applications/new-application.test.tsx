import type { Application } from '@patentdesk/contract/applications'
import { fireEvent, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { startSession } from '@/features/auth/session'
import { draftingChecksPath } from '@/features/drafting/api'
import { ApiError } from '@/lib/api-client'
import { testUser } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { uploadDocument } from './api'
import { NewApplication } from './new-application'

vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  uploadDocument: vi.fn(),
}))

const created: Application = {
  id: 42,
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

/** Answers the save with a fresh response each time, and the form's drafting checks with no issues. */
function stubServer(body: unknown, status: number) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (path) =>
      path === draftingChecksPath ? Response.json({ issues: [] }) : Response.json(body, { status }),
    )
}

function signIn() {
  startSession(testUser)
}

async function fillAndSave(files: File[]) {
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
  const save = screen.getByRole('button', { name: 'Save Application' })
  await vi.waitFor(() => expect(save.hasAttribute('disabled')).toBe(false))
  await user.click(save)
  return rendered
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' })

describe('NewApplication saving', () => {
  beforeEach(() => {
    vi.mocked(uploadDocument).mockReset()
    vi.restoreAllMocks()
  })

  it('creates a draft, uploads each document to it, then goes to /patents', async () => {
    signIn()
    const fetchSpy = stubServer(created, 201)
    vi.mocked(uploadDocument).mockResolvedValue({
      id: 1,
      fileName: 'drawing.pdf',
      fileType: 'application/pdf',
      documentType: 'supporting',
      sizeBytes: 8,
      uploadedAt: created.createdAt,
    })
    const { router } = await fillAndSave([pdf('drawing.pdf')])

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/patents'))
    const [path, init] = fetchSpy.mock.calls.find(([path]) => path !== draftingChecksPath) ?? []
    expect(path).toBe('/api/patents')
    expect(JSON.parse(String(init?.body))).toMatchObject({ status: 'draft', claims: created.claims })
    expect(vi.mocked(uploadDocument).mock.calls[0]?.[0]).toMatchObject({
      applicationId: 42,
      documentType: 'supporting',
    })
    expect(await screen.findByText('Patent application created')).toBeTruthy()
    expect(screen.getByText('Your application has been saved as a draft.')).toBeTruthy()
  })

  it('names the file that failed to upload and opens the saved draft', async () => {
    signIn()
    stubServer(created, 201)
    vi.mocked(uploadDocument).mockRejectedValue(new ApiError(415, 'The file is not a PDF.'))
    const { router } = await fillAndSave([pdf('drawing.pdf')])

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/patents/42'))
    expect(await screen.findByText('Document upload failed')).toBeTruthy()
    expect(screen.getByText(/drawing\.pdf was not uploaded: The file is not a PDF\./)).toBeTruthy()
  })

  it('shows the query wording of the 401 message when the save is refused', async () => {
    signIn()
    stubServer({ error: 'UNAUTHENTICATED', message: 'No session' }, 401)
    await fillAndSave([])
    expect(await screen.findByText('Error creating patent application')).toBeTruthy()
    expect(screen.getByText('Authentication required. Please login and try again.')).toBeTruthy()
  })

  it('sends a signed-out user to /login without calling the server', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { router } = await fillAndSave([])
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.getByText('You need to be logged in to submit a patent application.')).toBeTruthy()
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
