import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '~/app'
import { type Config, loadConfig } from '~/config'
import { createDatabase, pgliteDir } from '~/db/client'
import { openDatabase } from '~/db/open'
import { rowsOf } from '~/db/rows'
import { ensureFirstAdmin } from '~/features/auth/bootstrap'
import { importPatents } from '~/features/patents/importer'
import { runCliWith } from '~/test/cli'
import { multipartBody, samplePdf } from '~/test/files'
import { type RealServer, realServers } from '~/test/real-server'
import { fixtureCorpus } from '~/test/small-corpus'
import { tableDigests } from '~/test/table-digests'
import { validApplication } from '~/test/test-app'
import { backUp, restore } from './backup-cli'

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-backup-'))
const servers = realServers()
afterAll(async () => {
  await servers.stopAll()
  fs.rmSync(scratch, { recursive: true, force: true })
})
const PASSWORD = 'backup-test-password'
const silent = pino({ level: 'silent' })

/** `npm run cli -- …args` on a data folder, on the embedded database: its output, or its failure's. */
async function cli(dataDir: string, port: number | undefined, ...args: string[]) {
  const settings = { DATA_DIR: dataDir, DATABASE_URL: '', HOST: '127.0.0.1', PORT: String(port ?? 0) }
  try {
    return { ok: true, output: (await runCliWith(settings, ...args)).stdout }
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    return { ok: false, output: stdout + stderr }
  }
}

/**
 * The server of the backups, in this process: the app of `npm start` listening on a port of its own, on a data
 * folder holding the patents of `patentsFile`. A process of its own would add its start (a second process
 * preparing the data, a warm-up analysis) and prove nothing more here: the restored folder's server below is
 * one.
 */
async function startInProcess(config: Config, patentsFile: string) {
  const database = await openDatabase(config)
  await importPatents(database, patentsFile, { log: silent })
  const { app, services } = await buildApp({ config, database, log: silent })
  await ensureFirstAdmin(services.auth, config.admin, silent)
  await app.listen({ port: 0, host: config.host })
  const { port } = app.server.address() as AddressInfo
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await app.close()
      await database.close()
    },
  }
}

/** The administrator's session on a server: a function sending authenticated requests. */
async function signIn(server: Pick<RealServer, 'url'>, password = PASSWORD) {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  })
  if (!response.ok) return undefined
  const { token } = (await response.json()) as { token: string }
  return (url: string, init: RequestInit = {}) =>
    fetch(`${server.url}${url}`, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } })
}
type Session = NonNullable<Awaited<ReturnType<typeof signIn>>>

async function createApplication(session: Session, title: string) {
  const response = await session('/api/patents', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...validApplication, title }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: number }).id
}

/** Every table's rows, digested (test/table-digests.ts), of a data folder no process holds. */
const tablesOf = (dataDir: string) => tableDigests({ driver: 'pglite', dir: pgliteDir(dataDir) })

/** Every stored document file's SHA-256, by its path under the data folder's files. */
function fileDigests(dataDir: string) {
  const files = path.join(dataDir, 'files')
  if (!fs.existsSync(files)) return {}
  return Object.fromEntries(
    fs
      .readdirSync(files, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name)
        return [path.relative(files, file), createHash('sha256').update(fs.readFileSync(file)).digest('hex')]
      }),
  )
}

// The embedded database's own backups: with PostgreSQL they are pg_dump's (pg-dump.test.ts).
describe.runIf(process.env.TEST_DRIVER !== 'postgres')('backup and restore of the embedded database', () => {
  // The restored folder's server and two CLI processes, each a process as an operator starts it: 53 s alone.
  // With two servers and five CLI processes it once passed 240 s beside a second suite. The budget bounds a
  // hang, not the machine's speed.
  it('backs up a running server under writes and a stopped one, restores into an empty folder only, and the restored server serves it all', {
    timeout: 600_000,
  }, async () => {
    const dataDir = path.join(scratch, 'data')
    const corpus = await fixtureCorpus()
    const server = await startInProcess(
      loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, BACKUP_HOURS: '0' }),
      path.join(corpus.dir, 'patents.jsonl.gz'),
    )
    const session = (await signIn(server)) as Session
    const applicationId = await createApplication(session, 'Backed-up tripod head')
    const { payload, headers } = multipartBody({
      name: 'drawing.pdf',
      bytes: samplePdf,
      type: 'application/pdf',
    })
    const upload = await session(`/api/patents/${applicationId}/documents`, {
      method: 'POST',
      headers,
      body: payload,
    })
    expect(upload.status).toBe(201)
    const documentId = ((await upload.json()) as { id: number }).id

    // Writes go on through the backup: every one acknowledged before it began is in it.
    const acknowledged: number[] = []
    let writing = true
    // A write every 10 ms: a steady stream, that leaves the backup a core.
    const writer = (async () => {
      while (writing) {
        acknowledged.push(
          await createApplication(session, `Written during the backup ${acknowledged.length}`),
        )
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    })()
    while (acknowledged.length < 3) await new Promise((resolve) => setTimeout(resolve, 20))
    const before = [...acknowledged]
    const live = path.join(scratch, 'live.backup')
    const fromServer = await cli(dataDir, server.port, 'backup', live)
    writing = false
    await writer
    expect(fromServer.output).toMatch(
      /^Wrote .*live\.backup: [\d.]+ MB, 1 document, in [\d.]+ s, from the running server\./,
    )
    // The same name again is refused: a backup never overwrites a file. (The refusals, the stopped
    // folder's backup and the second restore are the CLI's functions in this process, which a process of
    // their own would only make slower: the commands above and below prove the processes.)
    const config = loadConfig({ DATA_DIR: dataDir, PORT: String(server.port), HOST: '127.0.0.1' })
    await expect(backUp(config, live, silent)).rejects.toThrow('exists: name a new file.')

    await server.stop()
    const stopped = path.join(scratch, 'stopped.backup')
    expect(await backUp(config, stopped, silent)).toMatchObject({ documents: 1, fromServer: false })

    // Into a folder with anything in it, a restore is refused and changes nothing.
    await expect(restore(config, stopped)).rejects.toThrow('is not empty')
    // A damaged file is refused and leaves the folder empty.
    const damaged = path.join(scratch, 'damaged.backup')
    const bytes = fs.readFileSync(stopped)
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 0x55
    fs.writeFileSync(damaged, bytes)
    const nowhere = path.join(scratch, 'nowhere')
    await expect(restore({ ...config, dataDir: nowhere }, damaged)).rejects.toThrow('damaged')
    expect(fs.readdirSync(nowhere)).toEqual([])

    // The stopped server's backup: every row and every document byte.
    const restored = path.join(scratch, 'restored')
    fs.mkdirSync(restored)
    const done = await cli(restored, undefined, 'restore', stopped)
    expect(done.output).toMatch(
      /: 1 user, [\d,]+ applications, 1 document, 415 patents\. The next start builds/,
    )
    expect(await tablesOf(restored)).toEqual(await tablesOf(dataDir))
    expect(fileDigests(restored)).toEqual(fileDigests(dataDir))

    // The running server's backup: whole, with what was acknowledged before it began.
    const underWrites = path.join(scratch, 'under-writes')
    await restore({ ...config, dataDir: underWrites }, live)
    const database = await createDatabase({ driver: 'pglite', dir: pgliteDir(underWrites) })
    const ids = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from patent_applications`),
    ).map((r) => r.id)
    await database.close()
    expect(ids).toEqual(expect.arrayContaining([applicationId, ...before]))
    expect(fileDigests(underWrites)).toEqual(fileDigests(dataDir))

    // A server on the restored folder signs the user in, serves the document and searches the patents.
    const again = await servers.start({ dataDir: restored, env: { BACKUP_HOURS: '0' } })
    expect(await signIn(again, 'not-the-password')).toBeUndefined()
    const resumed = (await signIn(again)) as Session
    const download = await resumed(`/api/patents/${applicationId}/documents/${documentId}/download`)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(samplePdf)).toBe(true)
    const search = await fetch(
      `${again.url}/api/public/serpapi/patents?q=${encodeURIComponent(corpus.records[0]?.title ?? '')}`,
    )
    const found = (await search.json()) as {
      organic_results?: { patent_id?: string }[]
      totalResults: number
    }
    expect(found.totalResults).toBeGreaterThan(0)
  })
})
