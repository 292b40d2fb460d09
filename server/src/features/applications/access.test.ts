import { applicationMessages } from '@patentdesk/contract/applications'
import { UkDatesSchema } from '@patentdesk/contract/filing'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { multipartBody, pdfWithText } from '~/test/files'
import { buildTestApp } from '~/test/test-app'

/**
 * Every route of one application, from Fastify's route table, asked by each kind of person: the owner, each
 * collaborator's role, a collaborator removed, another user, an administrator and anonymous. Each route says
 * what it needs; a route added without saying so fails the first test.
 */

const t = await buildTestApp()

type Need = 'view' | 'comment' | 'edit' | 'record' | 'own' | 'admin'
const needs: Record<string, Need> = {
  'GET /api/patents/:id': 'view',
  'PUT /api/patents/:id': 'edit',
  'POST /api/patents/:id/submit': 'own',
  'GET /api/patents/:id/activity': 'view',
  'GET /api/patents/:id/history': 'view',
  'GET /api/patents/:id/versions': 'view',
  'GET /api/patents/:id/versions/:number': 'view',
  'POST /api/patents/:id/versions/:number/restore': 'edit',
  'GET /api/patents/:id/collaborators': 'view',
  'POST /api/patents/:id/collaborators': 'own',
  'PATCH /api/patents/:id/collaborators/:collaboratorId': 'own',
  'DELETE /api/patents/:id/collaborators/:collaboratorId': 'own',
  'GET /api/patents/:id/comments': 'view',
  'POST /api/patents/:id/comments': 'comment',
  'PATCH /api/patents/:id/comments/:commentId': 'comment',
  'GET /api/patents/:id/documents': 'view',
  'POST /api/patents/:id/documents': 'edit',
  'POST /api/patents/:id/documents/attach': 'edit',
  'GET /api/patents/:id/documents/:documentId/download': 'view',
  'DELETE /api/patents/:id/documents/:documentId': 'edit',
  'GET /api/patents/:id/feedback': 'view',
  'GET /api/patents/:id/analysis': 'admin',
  'GET /api/patents/:id/search-report': 'view',
  'GET /api/patents/:id/filing': 'view',
  'PUT /api/patents/:id/filing/dates': 'record',
  'PUT /api/patents/:id/filing/deadlines/:deadlineId': 'record',
  'GET /api/patents/:id/deadlines.ics': 'view',
  'GET /api/patents/:id/export.pdf': 'view',
  'GET /api/patents/:id/export.docx': 'view',
  'POST /api/admin/patents/:id/feedback': 'admin',
  'POST /api/admin/patents/:id/analysis': 'admin',
  'PUT /api/admin/patents/:id/status': 'admin',
}

type Person = 'anonymous' | 'other' | 'removed' | 'viewer' | 'commenter' | 'editor' | 'admin' | 'owner'
/** From the least access to the most: a change one of them is allowed leaves the rest to meet its result. */
const people: Person[] = ['anonymous', 'other', 'removed', 'viewer', 'commenter', 'editor', 'admin', 'owner']

const allowed: Record<Need, Person[]> = {
  view: ['viewer', 'commenter', 'editor', 'admin', 'owner'],
  comment: ['commenter', 'editor', 'admin', 'owner'],
  edit: ['editor', 'owner'],
  record: ['admin', 'owner'],
  own: ['owner'],
  admin: ['admin'],
}

const routes = t.app.routeTable
  .filter((r) => r.method !== 'HEAD' && /^\/api\/(admin\/)?patents\/:id(\/|$)/.test(r.url))
  .map((r) => `${r.method} ${r.url}`)

const [owner, editor, commenter, viewer, removed, other] = [
  await t.registerUser(),
  await t.registerUser(),
  await t.registerUser(),
  await t.registerUser(),
  await t.registerUser(),
  await t.registerUser(),
]
const admin = await t.loginAdmin()
const tokens: Record<Person, string | undefined> = {
  anonymous: undefined,
  other: other.token,
  removed: removed.token,
  viewer: viewer.token,
  commenter: commenter.token,
  editor: editor.token,
  admin: admin.token,
  owner: owner.token,
}

const ok = (response: LightMyRequestResponse, what: string) => {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`)
  return response.json()
}

/** An application shared with every role, one collaborator removed, an invitation pending, a document, a comment. */
async function createFixture() {
  const { id } = await t.createApplication(owner.token)
  const base = `/api/patents/${id}`
  for (const [user, role] of [
    [editor, 'editor'],
    [commenter, 'commenter'],
    [viewer, 'viewer'],
    [removed, 'editor'],
  ] as const) {
    ok(
      await t.request('POST', `${base}/collaborators`, {
        token: owner.token,
        body: { email: user.email, role },
      }),
      role,
    )
  }
  const list = ok(await t.request('GET', `${base}/collaborators`, { token: owner.token }), 'list') as {
    id: number
    email: string
  }[]
  const removedRow = list.find((c) => c.email === removed.email)
  ok(await t.request('DELETE', `${base}/collaborators/${removedRow?.id}`, { token: owner.token }), 'remove')
  const pending = ok(
    await t.request('POST', `${base}/collaborators`, {
      token: owner.token,
      body: { email: `pending-${id}@example.com`, role: 'viewer' },
    }),
    'pending',
  ) as { id: number }
  const form = multipartBody({ name: 'drawing.pdf', bytes: pdfWithText('A drawing of the tripod head.') })
  const document = ok(
    await t.app.inject({
      method: 'POST',
      url: `${base}/documents`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${owner.token}` },
    }),
    'document',
  ) as { id: number }
  const comment = ok(
    await t.request('POST', `${base}/comments`, {
      token: owner.token,
      body: { anchor: { part: 'claim', index: 0, quote: 'tripod' }, text: 'Is this wide enough?' },
    }),
    'comment',
  ) as { id: number }
  return { id, collaboratorId: pending.id, documentId: document.id, commentId: comment.id }
}

const dates = Object.fromEntries(Object.keys(UkDatesSchema.shape).map((key) => [key, null]))
const bodies: Record<string, (unique: string) => unknown> = {
  'PUT /api/patents/:id': () => ({
    title: 'A tripod head with a wider clamp',
    abstract:
      'A tripod head whose clamp opens wider than before, for larger cameras and lenses of every kind.',
    description:
      'The invention relates to tripod heads. A clamp holds the camera plate; the clamp described here opens wider than known clamps.',
    claims: ['A tripod head comprising a clamp.'],
    version: 1,
  }),
  'POST /api/patents/:id/versions/:number/restore': () => ({ version: 1 }),
  'POST /api/patents/:id/collaborators': (unique) => ({ email: `${unique}@example.com`, role: 'viewer' }),
  'PATCH /api/patents/:id/collaborators/:collaboratorId': () => ({ role: 'commenter' }),
  'POST /api/patents/:id/comments': () => ({
    anchor: { part: 'claim', index: 0, quote: 'tripod' },
    text: 'A second thought, @someone.',
  }),
  'PATCH /api/patents/:id/comments/:commentId': () => ({ resolved: true }),
  'POST /api/patents/:id/documents/attach': () => ({
    uploads: [{ uploadId: '00000000-0000-4000-8000-000000000000', documentType: 'drawings' }],
  }),
  'PUT /api/patents/:id/filing/dates': () => ({ ...dates, filingDate: '2024-01-15' }),
  'PUT /api/patents/:id/filing/deadlines/:deadlineId': () => ({ done: true }),
  'POST /api/admin/patents/:id/feedback': () => ({ content: 'Please narrow claim 1.' }),
  'PUT /api/admin/patents/:id/status': () => ({ status: 'under_review' }),
}

let requests = 0
async function ask(route: string, person: Person, fixture: Awaited<ReturnType<typeof createFixture>>) {
  const [method, pattern] = route.split(' ') as [string, string]
  const url = pattern
    .replace(':id', String(fixture.id))
    .replace(':number', '1')
    .replace(':collaboratorId', String(fixture.collaboratorId))
    .replace(':commentId', String(fixture.commentId))
    .replace(':documentId', String(fixture.documentId))
    .replace(':deadlineId', 'examination')
  const token = tokens[person]
  const headers = token ? { authorization: `Bearer ${token}` } : undefined
  if (route === 'POST /api/patents/:id/documents') {
    const form = multipartBody({ name: 'figure.pdf', bytes: pdfWithText('Figure 2.') })
    return t.app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    })
  }
  const body = bodies[route]?.(`access-${++requests}`)
  return t.request(method as 'GET', url, { token, body })
}

describe('who may do what with an application', () => {
  it('every route of an application says what it needs', () => {
    expect(routes.filter((route) => !(route in needs))).toEqual([])
    expect(Object.keys(needs).filter((route) => !routes.includes(route))).toEqual([])
  })

  it.each(Object.keys(needs))('%s', async (route) => {
    const need = needs[route] as Need
    const fixture = await createFixture()
    const seen: Record<string, string> = {}
    for (const person of people) {
      const response = await ask(route, person, fixture)
      const message = response.headers['content-type']?.includes('json')
        ? response.json()?.message
        : undefined
      const hidden = response.statusCode === 404 && message === applicationMessages.notFound
      seen[person] =
        response.statusCode === 401
          ? 'signed out'
          : response.statusCode === 403
            ? 'refused'
            : hidden
              ? 'hidden'
              : 'allowed'
    }
    const sees = (person: Person) => allowed.view.includes(person)
    const expected = Object.fromEntries(
      people.map((person) => [
        person,
        person === 'anonymous'
          ? 'signed out'
          : allowed[need].includes(person)
            ? 'allowed'
            : need === 'admin' || sees(person)
              ? 'refused'
              : 'hidden',
      ]),
    )
    expect(seen).toEqual(expected)
  })
})

describe('who may use the routes of working together outside one application', () => {
  it('shared lists and invitations need a session; the audit log an administrator', async () => {
    const cases: [string, string, unknown, Record<'anonymous' | 'user' | 'admin', number>][] = [
      ['GET', '/api/patents/shared', undefined, { anonymous: 401, user: 200, admin: 200 }],
      [
        'POST',
        '/api/invitations/accept',
        { token: 'no-such-invitation' },
        { anonymous: 401, user: 404, admin: 404 },
      ],
      ['GET', '/api/admin/audit', undefined, { anonymous: 401, user: 403, admin: 200 }],
      ['GET', '/api/admin/audit.csv', undefined, { anonymous: 401, user: 403, admin: 200 }],
    ]
    for (const [method, url, body, expected] of cases) {
      const seen = {
        anonymous: (await t.request(method as 'GET', url, { body })).statusCode,
        user: (await t.request(method as 'GET', url, { token: other.token, body })).statusCode,
        admin: (await t.request(method as 'GET', url, { token: admin.token, body })).statusCode,
      }
      expect(seen, `${method} ${url}`).toEqual(expected)
    }
  })
})
