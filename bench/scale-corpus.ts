/**
 * How bench:scale (and bench:alerts) grow a real server's corpus: the first start on empty data loads the
 * shipped patents, then a JSON Lines file of generated variants is imported through the CLI as a user
 * imports, beside the running server on PostgreSQL, with the server stopped on PGlite; and what the server
 * is measured by meanwhile (its memory from /proc).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { corpusDir } from '~/features/patents/corpus'
import { readLines } from '~/features/patents/line-reader'
import type { PatentRecord } from '~/features/patents/patent-record'
import { variantOf } from './corpus'
import {
  indexBuilt,
  methodCount,
  root,
  type Server,
  secondsSince,
  startServer,
  stopServer,
  untilIndexCaughtUp,
  untilLogged,
  untilSearchAnswers,
} from './scale-server'

/** The server's log line once a run of patent-vectors.ts wrote vectors (main.ts's periodic job). */
export const VECTORS_WRITTEN = 'patents given search vectors'

/** The shipped records as the file holds them: the JSON Lines shape the CLI import reads. */
export async function readShipped() {
  const records: PatentRecord[] = []
  for await (const line of readLines(path.join(corpusDir, 'patents.jsonl.gz')))
    if (line.text.trim() !== '') records.push(JSON.parse(line.text) as PatentRecord)
  return records
}

/** Writes records 0 to `count` - 1 to `file`, a thousand lines at a time, waiting when the disk falls behind. */
export async function writeRecords(file: string, count: number, record: (i: number) => PatentRecord) {
  const out = fs.createWriteStream(file)
  for (let first = 0; first < count; first += 1000) {
    const lines = []
    for (let i = first; i < Math.min(count, first + 1000); i++) lines.push(JSON.stringify(record(i)))
    if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}

/** Writes `count` variants (XS0, XS1, …: what grows the corpus) to `file`. */
export function writeVariants(file: string, shipped: PatentRecord[], count: number) {
  return writeRecords(file, count, (i) => variantOf(shipped, i, 'S'))
}

/** VmRSS (now) and VmHWM (the peak) of a process, in MB. */
export function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1])
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

/** The import through the CLI as a user runs it: wall seconds, and the CLI's own count and seconds. */
export async function importThroughCli(file: string, dataDir: string, databaseUrl: string) {
  const started = performance.now()
  const cli = spawn('npm', ['run', 'cli', '--', 'import', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  cli.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const [code] = await once(cli, 'exit')
  const wall = secondsSince(started)
  if (code !== 0) throw new Error(`the import ended with ${code}:\n${output}`)
  const summary = output.match(/read ([\d,]+) records, (\d+) written, (\d+) refused, in ([\d.]+) s\./)
  if (!summary) throw new Error(`no summary line in the import's output:\n${output}`)
  const [written, refused, seconds] = [Number(summary[2]), Number(summary[3]), Number(summary[4])]
  if (refused > 0) console.log(`  the import refused ${refused} records`)
  return { wall, written, perSecond: written / seconds }
}

/** The first start on empty data: the corpus load and the index build, until a search answers. */
export async function firstStart(dataDir: string, databaseUrl: string, env: Record<string, string> = {}) {
  const server = startServer(dataDir, databaseUrl, env)
  const seconds = await untilSearchAnswers(server)
  return { server, seconds, built: indexBuilt(server) }
}

/** PostgreSQL: seconds from `from` until no patent lacks its search vectors, asked every 5 s. */
export async function untilEveryVector(databaseUrl: string, from: number) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    for (;;) {
      const { rows } = await client.query(
        // Every row of the vectors is a patent's (a foreign key): equal counts, none missing. Two counts cost
        // less of the core being measured than an anti-join every 5 s.
        'select (select count(*) from patent_vectors) < (select count(*) from patents) as missing',
      )
      if (!rows[0]?.missing) return secondsSince(from)
      await new Promise((resolve) => setTimeout(resolve, 5000))
    }
  } finally {
    await client.end()
  }
}

/**
 * Grows the corpus through the CLI and waits until the index holds it and (unless `waitForVectors` is
 * false) the imported patents have their search vectors; the server running after. PGlite stops the
 * server for the import and starts it again (with `env`); PostgreSQL imports beside it.
 */
export async function grow(
  server: Server,
  file: string,
  dataDir: string,
  databaseUrl: string,
  { waitForVectors = true, env = {} }: { waitForVectors?: boolean; env?: Record<string, string> } = {},
) {
  if (!databaseUrl) {
    await stopServer(server)
    const imported = await importThroughCli(file, dataDir, databaseUrl)
    const ended = { at: Date.now(), perf: performance.now() }
    // Started the moment the CLI has exited: its start time is the import's end.
    const started = startServer(dataDir, databaseUrl, env)
    const caughtUp = await untilSearchAnswers(started)
    // The first run of the started server writes every missing vector.
    const vectors = waitForVectors
      ? await untilLogged(started, VECTORS_WRITTEN, ended.at, ended.perf)
      : undefined
    return { server: started, imported, caughtUp, vectors, built: indexBuilt(started), noticed: undefined }
  }
  const before = await methodCount()
  if (!before.fromIndex) throw new Error('the index did not answer before the import')
  const since = Date.now()
  const imported = await importThroughCli(file, dataDir, databaseUrl)
  const ended = { at: Date.now(), perf: performance.now() }
  const { seconds, built } = await untilIndexCaughtUp(server, before.total, ended.perf, since)
  // When the build began (its line's time less its seconds): how long the server took to notice the import.
  const noticed = ((built.time ?? 0) - (built.seconds ?? 0) * 1000 - ended.at) / 1000
  // A run of the server's vectors may have begun before the import ended: the database says when none lack them.
  const vectors = waitForVectors ? await untilEveryVector(databaseUrl, ended.perf) : undefined
  return { server, imported, caughtUp: seconds, vectors, built, noticed }
}
