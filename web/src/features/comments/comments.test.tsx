import type { Application } from '@patentdesk/contract/applications'
import { type Comment, commentMessages } from '@patentdesk/contract/comments'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toast'
import { ApplicationDetail } from '@/features/applications'
import { startSession } from '@/lib/session'
import { buildApplication, testUser } from '@/test/factories'
import { createTestQueryClient, renderWithProviders } from '@/test/render'
import { polyfillPointerCapture, seedApplicationDetail } from '@/test/seed-application-detail'
import { requestsTo, stubApi } from '@/test/stub-api'
import { commentsQueryOptions } from './api'

const bob = { id: 8, username: 'bob', fullName: 'Bob Reviewer' }

function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 10,
    parentId: null,
    anchor: { part: 'claim', index: 1, quote: 'radio' },
    at: 1,
    text: 'Which radio?',
    author: bob,
    createdAt: '2026-01-05T09:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  }
}

// Submitted: the owner's actions (and the drafting checks a draft's header asks for) are out of the way.
const application = buildApplication({
  status: 'submitted',
  description: 'The first paragraph of the description.\n\n  A second paragraph, about the probe.  \n',
})

function renderComments({
  comments = [],
  app = application,
  path = '/',
}: {
  comments?: Comment[]
  app?: Application
  path?: string
} = {}) {
  startSession(testUser)
  const queryClient = createTestQueryClient()
  seedApplicationDetail(queryClient, { application: app })
  queryClient.setQueryData(commentsQueryOptions(app.id).queryKey, comments)
  return renderWithProviders(
    <>
      <ApplicationDetail id={app.id} />
      <Toaster />
    </>,
    { queryClient, path },
  )
}

/** The text of a part, as the Details tab renders it. */
const partText = (part: string, index: number) =>
  document.querySelector(`[data-comment-part="${part}"][data-comment-index="${index}"]`) as HTMLElement

/** Selects `words` in a part's text, as a user dragging over them does. */
function selectWords(part: string, index: number, words: string) {
  const walker = document.createTreeWalker(partText(part, index), NodeFilter.SHOW_TEXT)
  let text = walker.nextNode()
  while (text && !text.textContent?.includes(words)) text = walker.nextNode()
  if (!text) throw new Error(`"${words}" is not in one stretch of the text of ${part} ${index}`)
  const start = (text.textContent ?? '').indexOf(words)
  document.getSelection()?.setBaseAndExtent(text, start, text, start + words.length)
  fireEvent(document, new Event('selectionchange'))
}

const thread = (name: string) => screen.getByRole('article', { name })

/** Whether `node` comes after `before` and before `after` in the page. */
const isBetween = (node: Node, before: Node, after: Node) =>
  Boolean(before.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) &&
  Boolean(node.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING)

describe('Comments on the Details tab', () => {
  beforeAll(polyfillPointerCapture)
  afterEach(() => {
    document.getSelection()?.removeAllRanges()
    vi.restoreAllMocks()
  })

  it('renders the description as the paragraphs comments count', () => {
    renderComments()
    expect(partText('description', 0).textContent).toBe('The first paragraph of the description.')
    expect(partText('description', 1).textContent).toBe('A second paragraph, about the probe.')
    expect(partText('description', 2)).toBeNull()
  })

  it('starts a thread on the words selected in a claim and posts their anchor', async () => {
    const posted = buildComment({ id: 12, anchor: { part: 'claim', index: 1, quote: 'with a radio' } })
    const calls = stubApi({
      'POST /api/patents/1/comments': [201, posted],
      'GET /api/patents/1/comments': [posted],
    })
    const { user } = renderComments()
    selectWords('claim', 1, 'with a radio')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    const box = screen.getByRole('textbox', { name: 'Comment on Claim 2' })
    expect(screen.getByText('“with a radio”')).toBeTruthy()
    await user.type(box, 'Which band, @bob?')
    expect(screen.getByText('17 / 5,000')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Comment' }))

    expect(await screen.findByRole('article', { name: 'Thread on Claim 2' })).toBeTruthy()
    expect(requestsTo(calls, 'POST /api/patents/1/comments')[0]?.body).toEqual({
      anchor: { part: 'claim', index: 1, quote: 'with a radio' },
      text: 'Which band, @bob?',
    })
    expect(screen.queryByRole('textbox', { name: 'Comment on Claim 2' })).toBeNull()
  })

  it("quotes the selection from a part's own button, reached by keyboard, or asks for one", async () => {
    const { user } = renderComments()
    const button = screen.getByRole('button', { name: 'Comment on Abstract' })
    button.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByText(commentMessages.quoteEmpty).getAttribute('role')).toBe('status')
    expect(screen.queryByRole('textbox')).toBeNull()

    selectWords('abstract', 0, 'soil moisture sensor')
    button.focus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('textbox', { name: 'Comment on Abstract' })).toBeTruthy()
    expect(screen.getByText('“soil moisture sensor”')).toBeTruthy()
  })

  it('keeps an empty comment from being sent', async () => {
    const calls = stubApi({})
    const { user } = renderComments()
    selectWords('title', 0, 'Application')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    await user.type(screen.getByRole('textbox', { name: 'Comment on Title' }), '   ')
    await user.click(screen.getByRole('button', { name: 'Comment' }))
    expect(await screen.findByText(commentMessages.textEmpty)).toBeTruthy()
    expect(requestsTo(calls, '/api/patents/1/comments')).toHaveLength(0)
  })

  it('replies within a thread', async () => {
    const root = buildComment()
    const reply = buildComment({ id: 11, parentId: 10, text: 'The 868 MHz one.', author: null })
    const calls = stubApi({
      'POST /api/patents/1/comments': [201, reply],
      'GET /api/patents/1/comments': [root, reply],
    })
    const { user } = renderComments({ comments: [root] })
    await user.click(within(thread('Thread on Claim 2')).getByRole('button', { name: 'Reply' }))
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'The 868 MHz one.')
    await user.click(within(thread('Thread on Claim 2')).getByRole('button', { name: 'Reply' }))

    expect(await within(thread('Thread on Claim 2')).findByText('The 868 MHz one.')).toBeTruthy()
    expect(within(thread('Thread on Claim 2')).getByText('Former user')).toBeTruthy()
    expect(requestsTo(calls, 'POST /api/patents/1/comments')[0]?.body).toEqual({
      text: 'The 868 MHz one.',
      parentId: 10,
    })
  })

  it('resolves a thread into the folded list and reopens it', async () => {
    const open = buildComment()
    const resolved = { ...open, resolvedAt: '2026-01-06T09:00:00.000Z', resolvedBy: bob }
    let current = open
    const calls = stubApi({
      'PATCH /api/patents/1/comments/10': (request: { body: { resolved: boolean } }) => {
        current = request.body.resolved ? resolved : open
        return current
      },
      'GET /api/patents/1/comments': () => [current],
    })
    const { user } = renderComments({ comments: [open] })
    await user.click(within(thread('Thread on Claim 2')).getByRole('button', { name: 'Resolve' }))

    const toggle = await screen.findByRole('button', { name: 'Show resolved (1)' })
    expect(screen.queryByRole('article')).toBeNull()
    await user.click(toggle)
    const folded = thread('Thread on Claim 2')
    expect(within(folded).getByText(/^Resolved by Bob Reviewer on/)).toBeTruthy()
    expect(within(folded).getByText('On Claim 2')).toBeTruthy()
    expect(within(folded).queryByRole('button', { name: 'Reply' })).toBeNull()
    await user.click(within(folded).getByRole('button', { name: 'Reopen' }))

    expect(await screen.findByRole('button', { name: 'Reply' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /resolved/ })).toBeNull()
    expect(requestsTo(calls, 'PATCH *').map(({ body }) => body)).toEqual([
      { resolved: true },
      { resolved: false },
    ])
  })

  it('lists a thread whose words were edited away under Outdated, and a moved one at its new place', () => {
    const outdated = buildComment({ id: 20, anchor: { part: 'claim', index: 0, quote: 'a probe' }, at: null })
    const moved = buildComment({
      id: 21,
      anchor: { part: 'description', index: 0, quote: 'the probe' },
      at: 1,
      text: 'Name the probe.',
    })
    renderComments({ comments: [outdated, moved] })

    const outdatedList = screen.getByRole('region', { name: 'Outdated' })
    const old = within(outdatedList).getByRole('article', { name: 'Thread on Claim 1' })
    expect(within(old).getByText('Outdated')).toBeTruthy()
    expect(within(old).getByText('Was on Claim 1')).toBeTruthy()
    expect(within(old).getByText('“a probe”').className).toContain('line-through')
    expect(partText('claim', 1).compareDocumentPosition(old) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    const movedThread = thread('Thread on Description ¶1')
    expect(within(movedThread).getByText('Moved from Description ¶1')).toBeTruthy()
    expect(isBetween(movedThread, partText('description', 1), partText('claim', 0))).toBe(true)
    // The words it quotes are marked where they now are.
    expect(partText('description', 1).querySelector('mark')?.textContent).toBe('the probe')
  })

  it('lets a viewer read the threads without any comment control', () => {
    renderComments({ comments: [buildComment()], app: { ...application, access: 'viewer' } })
    expect(thread('Thread on Claim 2')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Comment|Reply|Resolve/ })).toBeNull()
    expect(screen.queryByText('Select words in the text to comment on them.')).toBeNull()
    selectWords('claim', 1, 'radio')
    expect(screen.queryByRole('button', { name: 'Comment' })).toBeNull()
  })

  it('shows what users wrote as text, never as HTML, with mentions marked', () => {
    const hostile = '<img src=x onerror="alert(1)"><b>bold</b> ask @bob, not mail@example.com'
    renderComments({ comments: [buildComment({ text: hostile })] })
    const shown = thread('Thread on Claim 2')
    expect(shown.querySelector('img')).toBeNull()
    expect(shown.querySelector('b')).toBeNull()
    expect(within(shown).getByText(/<img src=x onerror="alert\(1\)"><b>bold<\/b> ask/)).toBeTruthy()
    const mentions = [...shown.querySelectorAll('span.text-primary')].map((span) => span.textContent)
    expect(mentions).toEqual(['@bob'])
  })

  it("scrolls to and marks the thread a notification's link names", () => {
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView')
    const root = buildComment()
    const reply = buildComment({ id: 11, parentId: 10, text: '@alice have a look.' })
    renderComments({ comments: [root, reply], path: '/patents/1?comment=11' })
    const linked = thread('Thread on Claim 2')
    expect(linked.className).toContain('ring-2')
    expect(scroll.mock.contexts).toContain(linked)
  })
})
