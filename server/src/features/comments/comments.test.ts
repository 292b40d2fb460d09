import { commentMessages, mentionedNames } from '@patentdesk/contract/comments'
import { describe, expect, it } from 'vitest'
import { applicationComments } from '~/db/schema'
import { buildTestApp, json, validApplication } from '~/test/test-app'

const t = await buildTestApp()
const { status: _draft, ...content } = validApplication

const description = [
  'The invention relates to camera supports and their heads.',
  'A pendulum hangs below the head and swings to the vertical.',
  'A friction clutch then locks the head so the camera stays level.',
].join('\n\n')

async function setUp() {
  const owner = await t.registerUser()
  const application = await t.createApplication(owner.token, { description })
  const base = `/api/patents/${application.id}`
  const [commenter, viewer] = [await t.registerUser(), await t.registerUser()]
  for (const [user, role] of [
    [commenter, 'commenter'],
    [viewer, 'viewer'],
  ] as const) {
    await t.request('POST', `${base}/collaborators`, {
      token: owner.token,
      body: { email: user.email, role },
    })
  }
  const post = (token: string, body: unknown) => t.request('POST', `${base}/comments`, { token, body })
  const list = async (token = owner.token) => (await t.request('GET', `${base}/comments`, { token })).json()
  return { owner, commenter, viewer, application, base, post, list }
}

describe('comments', () => {
  it('anchors a thread to words of a part, joins replies to it, and resolves and reopens it', async () => {
    const { owner, commenter, base, post, list } = await setUp()
    const thread = await post(commenter.token, {
      anchor: { part: 'description', index: 1, quote: 'swings to the vertical' },
      text: 'Which damping keeps it from oscillating?',
    })
    expect(thread.statusCode).toBe(201)
    const root = thread.json()
    expect(root).toMatchObject({
      parentId: null,
      anchor: { part: 'description', index: 1, quote: 'swings to the vertical' },
      at: 1,
      author: { id: commenter.id },
      resolvedAt: null,
    })
    const reply = (await post(owner.token, { text: 'Eddy currents.', parentId: root.id })).json()
    // A reply to a reply joins the thread.
    const nested = (await post(commenter.token, { text: 'Thanks.', parentId: reply.id })).json()
    expect([reply.parentId, nested.parentId]).toEqual([root.id, root.id])
    expect(nested.anchor).toEqual(root.anchor)

    const resolved = await t.request('PATCH', `${base}/comments/${root.id}`, {
      token: owner.token,
      body: { resolved: true },
    })
    expect(resolved.json()).toMatchObject({ resolvedBy: { id: owner.id } })
    expect((await list()).every((c: { resolvedAt: string | null }) => c.resolvedAt !== null)).toBe(true)
    const onReply = await t.request('PATCH', `${base}/comments/${reply.id}`, {
      token: owner.token,
      body: { resolved: true },
    })
    expect(onReply.statusCode).toBe(400)
    expect(json(onReply).message).toBe(commentMessages.replyResolved)
    await t.request('PATCH', `${base}/comments/${root.id}`, {
      token: commenter.token,
      body: { resolved: false },
    })
    expect((await list())[0]).toMatchObject({ resolvedAt: null, resolvedBy: null })
  })

  it('refuses words the part does not hold, a missing anchor, a viewer, and over-long text; stores nothing', async () => {
    const { commenter, viewer, post } = await setUp()
    const before = await t.database.db.$count(applicationComments)
    const cases: [string, unknown, number, string][] = [
      [
        commenter.token,
        { anchor: { part: 'claim', index: 0, quote: 'a laser' }, text: 'x' },
        400,
        commentMessages.quoteNotFound,
      ],
      [
        commenter.token,
        { anchor: { part: 'claim', index: 9, quote: 'pendulum' }, text: 'x' },
        400,
        commentMessages.quoteNotFound,
      ],
      [
        commenter.token,
        { anchor: { part: 'title', index: 1, quote: 'tripod' }, text: 'x' },
        400,
        commentMessages.quoteNotFound,
      ],
      [commenter.token, { text: 'No anchor.' }, 400, commentMessages.anchorRequired],
      [
        commenter.token,
        { anchor: { part: 'title', index: 0, quote: 'tripod' }, text: ' ' },
        400,
        commentMessages.textEmpty,
      ],
      [
        commenter.token,
        { anchor: { part: 'title', index: 0, quote: 'tripod' }, text: 'x'.repeat(5001) },
        400,
        commentMessages.textMax,
      ],
      [
        commenter.token,
        { anchor: { part: 'title', index: 0, quote: 'x'.repeat(501) }, text: 'x' },
        400,
        commentMessages.quoteMax,
      ],
      [commenter.token, { text: 'Orphan.', parentId: 2_000_000_000 }, 404, commentMessages.notFound],
      [
        viewer.token,
        { anchor: { part: 'title', index: 0, quote: 'tripod' }, text: 'x' },
        403,
        commentMessages.cannotComment,
      ],
    ]
    for (const [token, body, status, message] of cases) {
      const response = await post(token, body)
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status)
      const answer = json(response)
      expect([answer.message, ...Object.values((answer.fields as object) ?? {})]).toContain(message)
    }
    expect(await t.database.db.$count(applicationComments)).toBe(before)
  })

  it('follows quoted words to the paragraph they moved to, and keeps a comment whose words were edited away as outdated', async () => {
    const { owner, application, base, post, list } = await setUp()
    await post(owner.token, {
      anchor: { part: 'description', index: 2, quote: 'friction clutch' },
      text: 'Moves.',
    })
    await post(owner.token, { anchor: { part: 'claim', index: 1, quote: 'friction clutch' }, text: 'Goes.' })
    await post(owner.token, { anchor: { part: 'title', index: 0, quote: 'Self-levelling' }, text: 'Stays.' })
    const saved = await t.request('PUT', base, {
      token: owner.token,
      body: {
        ...content,
        description: `A new first paragraph.\n${description}`,
        claims: [
          'A tripod head comprising a pendulum and a clutch.',
          'The tripod head of claim 1, with a brake.',
        ],
        version: application.version,
      },
    })
    expect(saved.statusCode).toBe(200)
    expect((await list()).map((c: { text: string; at: number | null }) => [c.text, c.at])).toEqual([
      ['Moves.', 3],
      ['Goes.', null],
      ['Stays.', 0],
    ])
  })

  it('tells the people with access whom a comment mentions, administrators too, not others or the writer', async () => {
    const { owner, commenter, viewer, application, post } = await setUp()
    const stranger = await t.registerUser()
    const admin = await t.loginAdmin()
    const text = `@${viewer.username.toUpperCase()}, see this; @${owner.username}'s point. @${stranger.username} @${commenter.username}x (@${admin.username})`
    const comment = (
      await post(commenter.token, { anchor: { part: 'abstract', index: 0, quote: 'damped pendulum' }, text })
    ).json()
    const noticesOf = async (token: string) =>
      (
        (await t.request('GET', '/api/notifications', { token })).json() as { title: string; link: string }[]
      ).filter((n) => n.title === 'You were mentioned in a comment')
    for (const user of [viewer, owner, admin]) {
      expect(await noticesOf(user.token)).toEqual([
        expect.objectContaining({ link: `/patents/${application.id}?comment=${comment.id}` }),
      ])
    }
    expect(await noticesOf(stranger.token)).toEqual([])
    expect(await noticesOf(commenter.token)).toEqual([])
  })
})

describe('mentionedNames', () => {
  it('reads a mention between characters that are not a name’s, without regard to case', () => {
    expect(mentionedNames('Hi @Ann, and @annex.', ['ann', 'anne', 'annex'])).toEqual(['ann', 'annex'])
    expect(mentionedNames('write to mail@ann.example', ['ann'])).toEqual([])
    expect(mentionedNames('no mention', ['ann'])).toEqual([])
  })
})
