import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/app'
import type { Database } from '~/db/database'
import { openDatabase } from '~/db/open'
import { ensureFirstAdmin } from '~/features/auth/bootstrap'
import { ensureCorpusLoaded } from '~/features/patents/corpus'
import { multipartBody, pdfWithText } from '~/test/files'
import { type CorpusRecord, firstRecordsCorpus } from '~/test/small-corpus'
import { tableDigests } from '~/test/table-digests'
import { adminQuery, databaseUrl } from '~/test/template-database'
import { validApplication } from '~/test/test-app'
import { createTestDatabase, testConfig } from '~/test/test-database'

const run = promisify(execFile)
const log = pino({ level: 'silent' })

/**
 * A PostgreSQL client program: on PATH, else in Debian's /usr/lib/postgresql/<version>/bin, newest first (a
 * newer pg_dump reads an older server). Missing, the test fails and says what to install: a backup that
 * cannot be proven is not skipped.
 */
function clientProgram(name: 'pg_dump' | 'pg_restore') {
  const debian = '/usr/lib/postgresql'
  const versions = existsSync(debian)
    ? readdirSync(debian).sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : []
  const dirs = [
    ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean),
    ...versions.map((version) => path.join(debian, version, 'bin')),
  ]
  for (const dir of dirs) if (existsSync(path.join(dir, name))) return path.join(dir, name)
  throw new Error(
    `${name} was not found on PATH nor in ${debian}/*/bin: this test needs PostgreSQL's client programs ` +
      '(Debian: apt-get install postgresql-client)',
  )
}

/** Runs a client program; a failure names it and carries what it printed. */
async function runProgram(name: 'pg_dump' | 'pg_restore', args: string[]) {
  const program = clientProgram(name)
  try {
    await run(program, args, { timeout: 60_000 })
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string }
    throw new Error(`${name} failed: ${stderr || message}`)
  }
}

/** Every table's rows, digested (test/table-digests.ts), of the database at `url`. */
const tablesOf = (url: string) => tableDigests({ driver: 'postgres', url, maxConnections: 1 })

/** How many classification titles a corpus folder holds (its file's lines but the header). */
async function titlesIn(dir: string) {
  const text = gunzipSync(await readFile(path.join(dir, 'classification-titles.tsv.gz'))).toString('utf8')
  return text.trimEnd().split('\n').length - 1
}

/** 600 KB that are the same on every run and do not compress: three chunks of `blob_chunks`. */
function fixedNoise(bytes: number) {
  const parts: Buffer[] = []
  for (let i = 0; parts.length * 32 < bytes; i++) parts.push(createHash('sha256').update(`${i}`).digest())
  return Buffer.concat(parts).subarray(0, bytes)
}

type Server = { app: FastifyInstance; database: Database }
/** The servers' data folders, removed after the tests. */
const dataDirs: string[] = []

/**
 * The server as `npm start` starts it on `url`: the database opened (and migrated) by openDatabase, the
 * corpus loaded where it is missing (CORPUS=auto), the first administrator made on an empty database, the
 * patent index built or opened.
 */
async function startServer(url: string, corpusDir: string, database?: Database): Promise<Server> {
  const config = testConfig({ DATABASE_URL: url })
  dataDirs.push(config.dataDir)
  const opened = database ?? (await openDatabase(config))
  await ensureCorpusLoaded(opened, log, corpusDir)
  const { app, services } = await buildApp({ config, database: opened, log })
  await app.ready()
  await ensureFirstAdmin(services.auth, config.admin, app.log)
  await services.priorArt.warm()
  return { app, database: opened }
}

// PostgreSQL only: the embedded database is backed up as its data folder, not by pg_dump.
describe.runIf(process.env.TEST_DRIVER === 'postgres')('a pg_dump restored into a fresh database', () => {
  const password = 'secret-pass'
  const suffix = randomBytes(4).toString('hex')
  const username = `backup_${suffix}`
  const drawing = Buffer.concat([
    pdfWithText('A damped pendulum levels the tripod head before the clutch locks it.'),
    fixedNoise(600 * 1024),
  ])
  const restoredName = `patentdesk_test_${randomBytes(6).toString('hex')}`

  let corpus: { dir: string; records: CorpusRecord[] } | undefined
  /** How many titles the corpus holds: those of its classifications and of their parents. */
  let titles: number
  let original: Awaited<ReturnType<typeof createTestDatabase>> | undefined
  let before: Server | undefined
  let after: Server | undefined
  let dumpDir: string | undefined
  let restoredCreated = false

  let token: string
  let applicationId: number
  let documentId: number
  let query: string
  let searchedBefore: unknown
  let tablesBefore: Awaited<ReturnType<typeof tablesOf>>
  let tablesRestored: Awaited<ReturnType<typeof tablesOf>>
  let tablesStarted: Awaited<ReturnType<typeof tablesOf>>

  const bearer = (value: string) => ({ authorization: `Bearer ${value}` })
  const search = (server: Server) =>
    server.app.inject({
      method: 'GET',
      url: `/api/public/serpapi/patents?${new URLSearchParams({ q: query })}`,
    })
  const expectStatus = (response: LightMyRequestResponse, status: number) =>
    expect(response.statusCode, response.body).toBe(status)

  beforeAll(async () => {
    // The original: a server on a database of its own, with patents, a user, an application and a document.
    corpus = await firstRecordsCorpus(50)
    titles = await titlesIn(corpus.dir)
    original = await createTestDatabase()
    before = await startServer(original.url as string, corpus.dir, original)

    const registered = await before.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username, email: `${username}@example.com`, fullName: 'Bea Backup', password },
    })
    expectStatus(registered, 201)
    token = (registered.json() as { token: string }).token
    const created = await before.app.inject({
      method: 'POST',
      url: '/api/patents',
      headers: bearer(token),
      payload: validApplication,
    })
    expectStatus(created, 201)
    applicationId = (created.json() as { id: number }).id
    const { payload, headers } = multipartBody(
      { name: 'drawing.pdf', bytes: drawing, type: 'application/pdf' },
      { documentType: 'drawings' },
    )
    const uploaded = await before.app.inject({
      method: 'POST',
      url: `/api/patents/${applicationId}/documents`,
      payload,
      headers: { ...headers, ...bearer(token) },
    })
    expectStatus(uploaded, 201)
    documentId = (uploaded.json() as { id: number }).id
    query = (corpus.records[0] as CorpusRecord).title
    const searched = await search(before)
    expectStatus(searched, 200)
    searchedBefore = searched.json()

    // Stopped, so that nothing changes between the count and the dump.
    const stopping = before
    before = undefined
    await stopping.app.close()
    tablesBefore = await tablesOf(original.url as string)

    // The backup and its restore, as the README gives them.
    dumpDir = await mkdtemp(path.join(os.tmpdir(), 'patentdesk-pg-dump-'))
    const file = path.join(dumpDir, 'patentdesk.dump')
    await runProgram('pg_dump', ['--format=custom', '--file', file, original.url as string])
    const restoredUrl = databaseUrl(restoredName)
    await adminQuery(`create database ${restoredName} template template0`)
    restoredCreated = true
    await runProgram('pg_restore', ['--no-owner', '--dbname', restoredUrl, file])
    tablesRestored = await tablesOf(restoredUrl)

    // A server started on the restored database, with a data folder of its own: no index file, no files.
    after = await startServer(restoredUrl, corpus.dir)
    tablesStarted = await tablesOf(restoredUrl)
  }, 120_000)

  // Each closing step is given 20 s and named when it takes longer, as in db/outage.test.ts.
  afterAll(async () => {
    const [running, restored, source, dump, fixture] = [before, after, original, dumpDir, corpus]
    const steps: [string, (() => Promise<unknown>) | undefined][] = [
      ['the original app', running ? () => running.app.close() : undefined],
      ['the restored app', restored ? () => restored.app.close() : undefined],
      ['the restored pool', restored ? () => restored.database.close() : undefined],
      ['the original database', source ? () => source.close() : undefined],
      [
        'the restored database',
        restoredCreated
          ? () => adminQuery(`drop database if exists ${restoredName} with (force)`)
          : undefined,
      ],
      ['the dump', dump ? () => rm(dump, { recursive: true, force: true }) : undefined],
      ['the corpus', fixture ? () => rm(fixture.dir, { recursive: true, force: true }) : undefined],
      ...dataDirs.map((dir): [string, () => Promise<unknown>] => [
        'a data folder',
        () => rm(dir, { recursive: true, force: true }),
      ]),
    ]
    for (const [name, step] of steps) {
      if (!step) continue
      const ended = await Promise.race([step().then(() => true), sleep(20_000).then(() => false)])
      if (!ended) console.warn(`pg_dump test: closing ${name} took more than 20 s`)
    }
  }, 180_000)

  it('holds every row of every table, the documents among them', () => {
    expect(tablesBefore['public.blob_chunks']?.rows).toBe(3)
    expect(tablesBefore['public.patents']?.rows).toBe(50)
    expect(tablesBefore['public.classification_titles']?.rows).toBe(titles)
    expect(tablesBefore['public.users']?.rows).toBe(2)
    expect(tablesBefore['drizzle.__drizzle_migrations']?.rows).toBeGreaterThan(0)
    expect(Object.keys(tablesRestored)).toEqual(Object.keys(tablesBefore))
    expect(tablesRestored).toEqual(tablesBefore)
  })

  it('is served as it is: starting the server on it migrates, loads and writes nothing', () => {
    expect(tablesStarted).toEqual(tablesBefore)
  })

  it('serves the uploaded document byte for byte', async () => {
    const response = await (after as Server).app.inject({
      method: 'GET',
      url: `/api/patents/${applicationId}/documents/${documentId}/download`,
      headers: bearer(token),
    })
    expectStatus(response, 200)
    expect(response.rawPayload.length).toBe(drawing.length)
    expect(response.rawPayload.equals(drawing)).toBe(true)
  })

  it('signs the user in with the same password, and keeps the sessions of before', async () => {
    const server = after as Server
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password },
    })
    expectStatus(login, 200)
    const fresh = (login.json() as { token: string }).token
    for (const session of [fresh, token]) {
      const mine = await server.app.inject({ method: 'GET', url: '/api/patents', headers: bearer(session) })
      expectStatus(mine, 200)
      expect(JSON.stringify(mine.json())).toContain(validApplication.title)
    }
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'not-the-password' },
    })
    expectStatus(wrong, 401)
  })

  it('answers a patent search as before, from an index built anew from the restored patents', async () => {
    const searched = await search(after as Server)
    expectStatus(searched, 200)
    const answer = searched.json() as { totalResults: number; patents: { reference: string }[] }
    expect(answer.totalResults).toBeGreaterThan(0)
    expect(answer.patents.map((hit) => hit.reference)).toContain(corpus?.records[0]?.reference)
    expect(answer).toEqual(searchedBefore)
  })

  it('takes new rows after the restored ones', async () => {
    const created = await (after as Server).app.inject({
      method: 'POST',
      url: '/api/patents',
      headers: bearer(token),
      payload: validApplication,
    })
    expectStatus(created, 201)
    expect((created.json() as { id: number }).id).toBeGreaterThan(applicationId)
  })
})
