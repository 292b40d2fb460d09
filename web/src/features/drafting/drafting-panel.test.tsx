import { analysisMessages } from '@patentdesk/contract/analysis'
import type { DraftingIssue } from '@patentdesk/contract/drafting'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NewApplication } from '@/features/applications/new-application'
import { startSession } from '@/lib/session'
import { testUser } from '@/test/factories'
import { renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { draftingCheckDelay, draftingChecksPath } from './api'

const text = {
  title: 'Clamp with a locking lever',
  abstract: 'A bench clamp whose jaw is held by a lever that locks over a cam when pressed down.',
  description:
    'The invention relates to bench clamps. A lever pivots on the clamp body and presses a cam against the jaw, so the jaw stays put until the lever is lifted again.',
  claim: 'A clamp comprising a jaw, wherein said lever locks the jaw.',
}

function buildIssue(overrides: Partial<DraftingIssue>): DraftingIssue {
  return {
    id: 'issue',
    code: 'vague-term',
    severity: 'warning',
    field: 'title',
    claim: null,
    message: 'A problem.',
    excerpt: null,
    start: null,
    end: null,
    rule: null,
    ...overrides,
  }
}

const saidLever = text.claim.indexOf('said lever')
const claimIssue = buildIssue({
  id: 'antecedent',
  code: 'antecedent-basis',
  severity: 'error',
  field: 'claims',
  claim: 1,
  message: '“said lever” has no antecedent in claim 1.',
  excerpt: 'said lever',
  start: saidLever,
  end: saidLever + 'said lever'.length,
  rule: 'Patents Act 1977 s.14(5)(b)',
})
const titleIssue = buildIssue({
  id: 'title-lever',
  message: 'The title names a part rather than the invention.',
  excerpt: 'locking lever',
  start: text.title.indexOf('locking lever'),
  end: text.title.indexOf('locking lever') + 'locking lever'.length,
})

function stubChecks(issues: DraftingIssue[]) {
  return stubApi({ [draftingChecksPath]: { issues } })
}

/** A change event stands for a keystroke: each one is what the field holds after it. */
function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
}

/** The issues listed under a place's heading. */
function group(panel: HTMLElement, place: string) {
  const heading = within(panel).getByRole('heading', { name: place, level: 4 })
  if (!heading.parentElement) throw new Error(`No group for ${place}`)
  return heading.parentElement
}

function renderNewApplication() {
  return renderWithProviders(<NewApplication />, { path: '/new-application' })
}

const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent

describe('DraftingPanel', () => {
  beforeEach(() => startSession(testUser))
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('lists the issues grouped by place, in the order of the form', async () => {
    stubChecks([
      buildIssue({ id: 'c2', field: 'claims', claim: 2, message: 'Claim 2 refers to a figure.' }),
      claimIssue,
      titleIssue,
      buildIssue({ id: 'a', field: 'abstract', severity: 'hint', message: 'Avoid praising the invention.' }),
      buildIssue({ id: 'c1', field: 'claims', claim: 1, message: 'Claim 1 uses “about”.' }),
    ])
    renderNewApplication()
    fill('Title', text.title)

    expect(await screen.findByText('5 problems')).toBeTruthy()
    const panel = screen.getByRole('complementary', { name: 'Drafting checks' })
    const places = within(panel).getAllByRole('heading', { level: 4 })
    expect(places.map((place) => place.textContent)).toEqual(['Title', 'Abstract', 'Claim 1', 'Claim 2'])
    expect(
      within(group(panel, 'Claim 1'))
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([`Error: ${claimIssue.message}${claimIssue.rule}`, 'Warning: Claim 1 uses “about”.'])
    expect(group(panel, 'Abstract').textContent).toContain('Avoid praising the invention.')
  })

  it('opens the step of the issue, focuses its field and selects the excerpt', async () => {
    stubChecks([claimIssue, titleIssue])
    const { user } = renderNewApplication()
    fill('Title', text.title)
    fill('Abstract', text.abstract)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    fill('Description', text.description)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    fill('Claim 1', text.claim)
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(selectedTab()).toBe('Basic Information')

    // Forward, past a step, to the claim.
    await user.click(await screen.findByRole('button', { name: /said lever/ }))
    expect(selectedTab()).toBe('Claims & Documents')
    const claim = screen.getByLabelText('Claim 1') as HTMLTextAreaElement
    expect(document.activeElement).toBe(claim)
    expect(claim.value.slice(claim.selectionStart, claim.selectionEnd)).toBe('said lever')

    // And back to the title.
    await user.click(screen.getByRole('button', { name: /names a part/ }))
    expect(selectedTab()).toBe('Basic Information')
    const title = screen.getByLabelText('Title') as HTMLInputElement
    expect(document.activeElement).toBe(title)
    expect(title.value.slice(title.selectionStart ?? 0, title.selectionEnd ?? 0)).toBe('locking lever')
  })

  it('checks once typing pauses, not on every keystroke, and never an empty draft', async () => {
    vi.useFakeTimers()
    const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
    const calls = stubChecks([])
    renderNewApplication()
    await pause(draftingCheckDelay)
    expect(calls).toEqual([])

    for (const typed of ['C', 'Cl', 'Cla', 'Clam', 'Clamp']) {
      fill('Title', typed)
      await pause(draftingCheckDelay - 100)
    }
    expect(calls).toEqual([])
    await pause(99)
    expect(calls).toEqual([])
    await pause(1)
    expect(calls).toHaveLength(1)
    const [request] = calls
    expect(request?.path).toBe(draftingChecksPath)
    expect(request?.method).toBe('POST')
    expect(request?.body).toEqual({
      title: 'Clamp',
      abstract: '',
      description: '',
      claims: [''],
    })
  })

  it('says so when the draft has no problems', async () => {
    stubChecks([])
    renderNewApplication()
    fill('Title', text.title)
    expect(await screen.findByText('No problems found')).toBeTruthy()
    expect(screen.queryByRole('heading', { level: 4 })).toBeNull()
  })

  it('says the checks are unavailable when the request fails, and leaves the form usable', async () => {
    stubApi({ [draftingChecksPath]: [500, undefined] })
    renderNewApplication()
    fill('Title', text.title)
    expect(await screen.findByText('Drafting checks are unavailable right now.')).toBeTruthy()
    expect(screen.getByLabelText('Title').hasAttribute('disabled')).toBe(false)
  })

  it('says so when the checks could not finish in time (422), in the server’s words', async () => {
    const message = analysisMessages.draftingTooSlow(10)
    stubApi({ [draftingChecksPath]: [422, { error: 'UNPROCESSABLE', message }] })
    renderNewApplication()
    fill('Title', text.title)
    expect(await screen.findByText(message)).toBeTruthy()
  })
})
