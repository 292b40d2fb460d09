import path from 'node:path'
import { UkDatesSchema } from '@patentdesk/contract/filing'
import type { SessionUser } from '@patentdesk/contract/session-user'
import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import pino from 'pino'
import { expect, it } from 'vitest'
import { pendingUploads } from '~/db/schema'
import { importPatents } from '~/features/patents/importer'
import type { RouteEntry } from '~/plugins/route-table'
import { multipartBody, pdfWithText } from '~/test/files'
import {
  encodeText,
  type Hostile,
  hostileBodies,
  hostileValues,
  type MultipartCase,
  type MultipartForm,
  multipartCases,
  queryShapes,
  rawPathSegments,
} from '~/test/fuzz-values'
import { fieldsOf, type Schema, sample, unwrap } from '~/test/schema-fields'
import { changedParts, createSnapshots, type Snapshot } from '~/test/snapshot'
import { buildTestApp, validApplication } from '~/test/test-app'

/**
 * Every /api route in Fastify's route table meets hostile params, query fields, body fields and, for the two
 * forms, broken multipart bodies, as anonymous, applicant and admin. No answer may be a 5xx, and a refusal
 * (4xx) must leave the database and the data folder as they were. A new route is covered without editing
 * this file; a new multipart form needs a line in `multipartForms`.
 */

const unlimited = { points: 1_000_000, seconds: 1 }
// Rate limits off: a 429 would stop requests before the code under test.
const t = await buildTestApp({
  authLimits: {
    failedLogins: unlimited,
    failedLoginsPerClient: unlimited,
    registrations: unlimited,
    resetRequests: unlimited,
  },
})

type Role = 'anonymous' | 'applicant' | 'admin'

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`
const routes = t.app.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/'))

/** The routes that read a multipart form, with the text fields each accepts. */
const multipartForms: Record<string, MultipartForm> = {
  'POST /api/patents/:id/documents': { fileField: 'file', fields: { documentType: 'drawings' } },
  'POST /api/uploads': { fileField: 'file', fields: {} },
  'POST /api/public/patents/comprehensive-analysis': {
    fileField: 'document',
    fields: { title: validApplication.title, description: validApplication.description },
  },
}
const multipart = new Map<string, MultipartCase[]>()
for (const [key, form] of Object.entries(multipartForms)) multipart.set(key, await multipartCases(form))

// --- What the routes are given besides the hostile value: real ids and valid values, to get deep. ---

// Two patents to search, compare and open (US9999991B2 and US9999993B2).
const corpus = path.join(import.meta.dirname, 'features/patents/fixtures/uspto-grants.xml')
await importPatents(t.database, corpus, { log: pino({ level: 'silent' }) })

type User = SessionUser & { password: string }
type Fixtures = {
  applicant: User
  admin: User
  applicationId: number
  documentId: number
  notificationId: number
  /** An invitation waiting for its invitee, and a comment on the application. */
  collaboratorId: number
  commentId: number
  /** A file uploaded as chosen and not yet attached. */
  uploadId: string
}
let fx: Fixtures
const filingDate = '2024-01-15'
let users = 0

async function createAdmin(): Promise<User> {
  const password = 'admin-secret-pass'
  const { username } = await t.services.auth.createUser({
    username: `fuzzadmin${++users}`,
    email: `fuzzadmin${users}@example.com`,
    fullName: 'Ada Admin',
    password,
    isAdmin: true,
  })
  const response = await t.request('POST', '/api/auth/login', { body: { username, password } })
  return { ...(response.json() as SessionUser), password }
}

let invitations = 0
/** An invitation of the application waiting for its invitee (a probe may remove it): its id. */
async function inviteFixture(applicant: User, applicationId: number) {
  const invited = await t.app.inject({
    method: 'POST',
    url: `/api/patents/${applicationId}/collaborators`,
    payload: { email: `invitee${++invitations}@example.com`, role: 'viewer' },
    headers: { authorization: `Bearer ${applicant.token}` },
  })
  if (invited.statusCode !== 201) throw new Error(`fixtures failed: ${invited.body}`)
  return (invited.json() as { id: number }).id
}

/** A draft application of the applicant with a UK filing date (so it has deadlines), a document, a notification. */
async function createApplicationFixtures(applicant: User) {
  const { id } = await t.createApplication(applicant.token)
  const authorization = `Bearer ${applicant.token}`
  const dates = Object.fromEntries(Object.keys(UkDatesSchema.shape).map((key) => [key, null]))
  const filing = await t.app.inject({
    method: 'PUT',
    url: `/api/patents/${id}/filing/dates`,
    payload: { ...dates, filingDate },
    headers: { authorization },
  })
  const form = multipartBody({ name: 'drawing.pdf', bytes: pdfWithText('A drawing of the tripod head.') })
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/patents/${id}/documents`,
    payload: form.payload,
    headers: { ...form.headers, authorization },
  })
  const pendingForm = multipartBody({ name: 'figure.pdf', bytes: pdfWithText('Figure 1: the tripod head.') })
  const pending = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload: pendingForm.payload,
    headers: { ...pendingForm.headers, authorization },
  })
  // Fixtures that failed would leave every probe shallow without saying so.
  if (filing.statusCode !== 200 || upload.statusCode !== 201 || pending.statusCode !== 201)
    throw new Error(`fixtures failed: ${filing.body} ${upload.body} ${pending.body}`)
  const invited = await inviteFixture(applicant, id)
  const comment = await t.app.inject({
    method: 'POST',
    url: `/api/patents/${id}/comments`,
    payload: { anchor: { part: 'title', index: 0, quote: 'tripod' }, text: 'A comment to reply to.' },
    headers: { authorization },
  })
  if (comment.statusCode !== 201) throw new Error(`fixtures failed: ${comment.body}`)
  const notification = await t.services.notifications.notify({
    userId: applicant.id,
    applicationId: id,
    title: 'Fuzz',
    message: 'A notification to mark as read.',
  })
  return {
    applicationId: id,
    uploadId: (pending.json() as { id: string }).id,
    documentId: (upload.json() as { id: number }).id,
    notificationId: notification?.id ?? 0,
    collaboratorId: invited,
    commentId: (comment.json() as { id: number }).id,
  }
}

/**
 * Puts back what a successful request used up, so later probes still get deep: a signed-out user, an
 * application no longer a draft or without its filing date, a deleted document or notification.
 */
async function repairFixtures() {
  const get = (url: string, user: User) => t.request('GET', url, { token: user.token })
  const base = `/api/patents/${fx.applicationId}`
  const [admin, applicant, application, filing, documents, notifications, collaborators] = await Promise.all([
    get('/api/auth/profile', fx.admin),
    ...[
      `/api/auth/profile`,
      base,
      `${base}/filing`,
      `${base}/documents`,
      '/api/notifications',
      `${base}/collaborators`,
    ].map((url) => get(url, fx.applicant)),
  ])
  if (admin?.statusCode !== 200) fx.admin = await createAdmin()
  if (applicant?.statusCode !== 200) fx.applicant = await t.registerUser()
  const ok = (response: LightMyRequestResponse | undefined) => response?.statusCode === 200
  const intact =
    ok(application) &&
    application?.json().status === 'draft' &&
    ok(filing) &&
    filing?.json().dates.filingDate === filingDate &&
    ok(documents) &&
    documents?.json().some((d: { id: number }) => d.id === fx.documentId) &&
    notifications?.json().some((n: { id: number }) => n.id === fx.notificationId) &&
    (await t.database.db.select().from(pendingUploads).where(eq(pendingUploads.id, fx.uploadId))).length > 0
  if (!intact) Object.assign(fx, await createApplicationFixtures(fx.applicant))
  else if (!collaborators?.json().some((c: { id: number }) => c.id === fx.collaboratorId))
    fx.collaboratorId = await inviteFixture(fx.applicant, fx.applicationId)
}

async function createFixtures(): Promise<Fixtures> {
  const applicant = await t.registerUser()
  return { applicant, admin: await createAdmin(), ...(await createApplicationFixtures(applicant)) }
}

/** Valid values by field name, so that the one hostile field is what the route has to deal with. */
function examples(route: RouteEntry, role: Role): Record<string, unknown> {
  const me = role === 'admin' ? fx.admin : fx.applicant
  // Registration needs names nobody has; everything else signs in as, or speaks of, the user making the request.
  const fresh = routeKey(route) === 'POST /api/auth/register' ? `fuzz${++users}` : undefined
  return {
    ...validApplication,
    id: route.url.startsWith('/api/notifications/') ? fx.notificationId : fx.applicationId,
    documentId: fx.documentId,
    collaboratorId: fx.collaboratorId,
    commentId: fx.commentId,
    parentId: fx.commentId,
    role: 'viewer',
    text: 'A comment on the claim.',
    resolved: true,
    anchor: { part: 'title', index: 0, quote: 'tripod' },
    number: 1,
    version: 1,
    uploadId: fx.uploadId,
    uploads: [{ uploadId: fx.uploadId, documentType: 'drawings' }],
    username: fresh ?? me.username,
    email: fresh ? `${fresh}@example.com` : me.email,
    password: me.password,
    currentPassword: me.password,
    newPassword: 'new-secret-pass',
    fullName: 'Ada Lovelace',
    organization: 'Analytical Engines Ltd',
    token: 'a'.repeat(43),
    content: 'Please narrow claim 1.',
    filingDate,
    deadlineId: 'examination',
    q: 'tripod',
    from: '2000-01-01',
    to: '2030-12-31',
    cpc: 'F16M',
    applicant: 'Tripod',
    refs: 'US9999991B2,US9999993B2',
    reference: 'US9999991B2',
    source: 'ukipo',
  }
}

// --- Requests. ---

/** What a probe puts in place of the valid request: raw path segments, a raw query, a body, a form. */
type Parts = {
  params?: Record<string, string>
  query?: string
  body?: string
  contentType?: string
  form?: MultipartCase
  headers?: Record<string, string>
}
type Valid = { body: Record<string, unknown>; query: Record<string, unknown> }
type Probe = { route: RouteEntry; field: string; kind: string; parts: (valid: Valid) => Parts }
type Schemas = { params?: unknown; querystring?: unknown; body?: unknown }

const schemasOf = (route: RouteEntry) => (route.schema ?? {}) as Schemas
const sampleOf = (schema: unknown, known: Record<string, unknown>) =>
  (schema ? sample(schema as Schema, known) : {}) as Record<string, unknown>

const encodeQuery = (query: Record<string, unknown>) =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeText(name)}=${encodeText(String(value))}`)
    .join('&')

function requestFor(probe: Probe, role: Role): InjectOptions {
  const { route } = probe
  const schemas = schemasOf(route)
  const known = examples(route, role)
  const valid = { body: sampleOf(schemas.body, known), query: sampleOf(schemas.querystring, known) }
  const parts = probe.parts(valid)
  const params = sampleOf(schemas.params, known)
  const path = route.url.replace(
    /:(\w+)/g,
    (_, name: string) => parts.params?.[name] ?? encodeURIComponent(String(params[name] ?? known[name] ?? 1)),
  )
  const query = parts.query ?? encodeQuery(valid.query)
  const headers: Record<string, string> =
    role === 'anonymous' ? {} : { authorization: `Bearer ${fx[role].token}` }
  let payload: string | Buffer | undefined
  if (parts.form) {
    payload = parts.form.payload
    Object.assign(headers, parts.form.headers)
  } else if (parts.body !== undefined || schemas.body) {
    payload = parts.body ?? JSON.stringify(valid.body)
    headers['content-type'] = parts.contentType ?? 'application/json'
  }
  Object.assign(headers, parts.headers)
  return {
    method: route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    payload,
    headers,
  }
}

/** JSON text of `body` with `field` set to the JSON text `json` (which may be too deep for JSON.stringify). */
function withField(body: Record<string, unknown>, field: string, json: string) {
  const others = Object.entries(body).filter(([name]) => name !== field)
  const members = others.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`)
  return `{${[...members, `${JSON.stringify(field)}:${json}`].join(',')}}`
}

const long = 'x'.repeat(100_000)
const junkBody = 'junk body'

/** Probes in batches, one batch per field (or kind of input): what a snapshot is taken around. */
function batchesFor(route: RouteEntry): Probe[][] {
  const schemas = schemasOf(route)
  const probe = (field: string, kind: string, parts: Probe['parts']): Probe => ({ route, field, kind, parts })
  const batches: Probe[][] = []

  for (const name of Object.keys(fieldsOf(schemas.params))) {
    batches.push([
      ...hostileValues.map((h) =>
        probe(`:${name}`, h.kind, () => ({ params: { [name]: encodeText(h.text) } })),
      ),
      ...rawPathSegments.map((raw) => probe(`:${name}`, `raw ${raw}`, () => ({ params: { [name]: raw } }))),
    ])
  }

  for (const name of Object.keys(fieldsOf(schemas.querystring))) {
    const joined = (valid: Valid, query: string) =>
      [encodeQuery({ ...valid.query, [name]: undefined }), query].filter(Boolean).join('&')
    batches.push([
      ...hostileValues.map((h) =>
        probe(`?${name}`, h.kind, (valid) => ({
          query: joined(valid, `${encodeURIComponent(name)}=${encodeText(h.text)}`),
        })),
      ),
      ...queryShapes(encodeURIComponent(name)).map((shape) =>
        probe(`?${name}`, shape.kind, (valid) => ({ query: joined(valid, shape.query) })),
      ),
    ])
  }

  for (const [name, field] of Object.entries(fieldsOf(schemas.body))) {
    const isList = unwrap(field)._zod.def.type === 'array'
    const values: Hostile[] = isList
      ? hostileValues.flatMap((h) => [h, { ...h, kind: `${h.kind} in a list`, json: `[${h.json}]` }])
      : hostileValues
    batches.push(
      values.map((h) => probe(name, h.kind, (valid) => ({ body: withField(valid.body, name, h.json) }))),
    )
  }

  const form = multipart.get(routeKey(route))
  if (form) batches.push(form.map((c) => probe('multipart', c.kind, () => ({ form: c }))))

  if (schemas.body) {
    batches.push([
      ...hostileBodies.map((b) =>
        probe('body', b.kind, () => ({ body: b.payload, contentType: b.contentType })),
      ),
      probe('body', 'unknown field', (valid) => ({ body: withField(valid.body, 'isAdmin', 'true') })),
    ])
  }
  // Headers any client controls; proxy headers are believed in tests, as behind a load balancer.
  batches.push([
    probe('headers', 'token of 100,000 characters', () => ({ headers: { authorization: `Bearer ${long}` } })),
    probe('headers', 'forged X-Forwarded-For', () => ({
      headers: { 'x-forwarded-for': `not-an-ip, ${long}` },
    })),
    probe('headers', 'User-Agent of 100,000 characters', () => ({ headers: { 'user-agent': long } })),
  ])
  // A route that takes no body or query must ignore one, whatever it holds.
  if (!schemas.body && !form) {
    const body = '{"id":-1,"userId":1,"isAdmin":true,"claims":[[["x"]]]}'
    batches.push([probe('body', junkBody, () => ({ body }))])
  }
  if (!schemas.querystring)
    batches.push([probe('query', 'junk query', () => ({ query: 'id=-1&page=1e308&x[y]=1' }))])
  return batches
}

// --- Checking. ---

const failures = new Set<string>()
let sent = 0
let unverified = 0
const snapshot = await createSnapshots(t.database.db, t.config.dataDir)
/** The last snapshot, while nothing has been sent since it was taken. */
let baseline: Snapshot | undefined

/** Reset mails are written after their answer: wait for them, so a snapshot sees all a request did. */
async function takeSnapshot() {
  await t.services.auth.settle()
  return snapshot()
}

const describeProbe = (probe: Probe, role: Role) =>
  `${routeKey(probe.route)} as ${role}, ${probe.field} = ${probe.kind}`

/** A successful password change keeps its session: sign in with the new password from then on. */
function rememberPassword(user: User, payload: InjectOptions['payload']) {
  if (typeof payload !== 'string' || !payload.includes('"newPassword"')) return
  const { newPassword } = JSON.parse(payload) as { newPassword?: unknown }
  if (typeof newPassword === 'string') user.password = newPassword
}

/** A refusal, or a read: neither may change anything stored. */
const isInert = (probe: Probe, response: LightMyRequestResponse) =>
  probe.route.method === 'GET' || response.statusCode >= 400

async function send(probe: Probe, role: Role) {
  const request = requestFor(probe, role)
  const response = await t.app.inject(request)
  sent += 1
  if (role !== 'anonymous' && response.statusCode < 300) rememberPassword(fx[role], request.payload)
  // A JSON body refused as the wrong media type means the route reads a form this file does not know of.
  if (probe.kind === junkBody && response.statusCode === 415)
    failures.add(`${routeKey(probe.route)} answers 415 to JSON: add its form to multipartForms`)
  if (response.statusCode >= 500)
    failures.add(
      `${describeProbe(probe, role)}: ${response.statusCode} ${response.body.slice(0, 300)} (${request.method} ${String(request.url).slice(0, 150)})`,
    )
  return response
}

/**
 * Sends a batch and checks that what is stored changed only when a request succeeded. After a success that
 * changed something, the fixtures are renewed and the refusals sent before it are checked again, in a batch
 * of their own; a change that no success explains is traced to its request.
 */
async function checkBatch(probes: Probe[], role: Role, again = false) {
  let before = baseline ?? (await takeSnapshot())
  let unchecked: Probe[] = []
  const recheck: Probe[] = []
  for (const probe of probes) {
    const response = await send(probe, role)
    if (isInert(probe, response)) {
      unchecked.push(probe)
      continue
    }
    const after = await takeSnapshot()
    if (changedParts(before, after).length > 0) {
      recheck.push(...unchecked)
      await repairFixtures()
      before = await takeSnapshot()
    } else before = after
    unchecked = []
  }
  baseline = await takeSnapshot()
  if (changedParts(before, baseline).length > 0) await trace(unchecked, role)
  if (recheck.length === 0) return
  if (again) unverified += recheck.length
  else await checkBatch(recheck, role, true)
}

/** Sends each probe on its own between two snapshots, to name the refusal that changed something. */
async function trace(probes: Probe[], role: Role) {
  for (const probe of probes) {
    const before = await takeSnapshot()
    const response = await send(probe, role)
    const changed = changedParts(before, await takeSnapshot())
    if (changed.length === 0) continue
    if (isInert(probe, response))
      failures.add(
        `${describeProbe(probe, role)}: answered ${response.statusCode} yet changed ${changed.join(', ')}`,
      )
    await repairFixtures()
  }
  baseline = undefined
}

/**
 * Whether the route answers an anonymous caller's valid request with 401. Such a route meets only the first
 * probe of each batch as anonymous: the others would each be one more 401 from the same hook, while the
 * signed-in walks send every probe past it, through the same parsers and schemas (3,732 requests as
 * anonymous became 1,319).
 */
async function refusesAnonymous(route: RouteEntry) {
  const response = await send({ route, field: 'request', kind: 'valid', parts: () => ({}) }, 'anonymous')
  // Sent outside a batch: the next batch takes its own snapshot first.
  baseline = undefined
  return response.statusCode === 401
}

fx = await createFixtures()

it('walks every /api route, the multipart forms among them', () => {
  expect(routes.length).toBeGreaterThan(40)
  expect(routes.map(routeKey)).toEqual(expect.arrayContaining(Object.keys(multipartForms)))
})

it.each(['anonymous', 'applicant', 'admin'] as const)(
  'as %s, no route answers 5xx to hostile input, and no refusal changes what is stored',
  async (role) => {
    failures.clear()
    sent = 0
    unverified = 0
    for (const route of routes) {
      const batches = batchesFor(route)
      const refused = role === 'anonymous' && (await refusesAnonymous(route))
      for (const batch of batches) await checkBatch(refused ? batch.slice(0, 1) : batch, role)
    }
    console.info(`fuzz as ${role}: ${sent} requests, ${unverified} refusals left unverified`)
    // One line per failure, all of them, so one run shows everything to fix.
    expect([...failures].join('\n')).toBe('')
  },
  // A role's walk takes 25–35 s alone here and passed 120 s with a second suite beside it: the budget
  // bounds a hang, not the machine's speed.
  600_000,
)
