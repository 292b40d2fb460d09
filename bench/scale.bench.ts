/**
 * How the server grows with its corpus (issue 27), per driver and per size, each from a fresh start: an
 * empty data folder (PGlite) or a fresh PostgreSQL database of its own (dropped after), on which a real
 * server, started as `npm start` starts it (CORPUS=auto, LOG_LEVEL=info, the defaults), loads the 47,000
 * shipped patents and builds the patent index. A JSON Lines file of (size - 47,000) variants of the shipped
 * records (references XS<n>, another record's description and abstract appended, as bench/corpus.ts makes
 * them) is then imported through the CLI as a user would, `npm run cli -- import <file>`: on PostgreSQL
 * while the server runs, on PGlite with the server stopped (the CLI cannot open the data folder beside it)
 * and started again afterwards. Per driver and size:
 * - import: the CLI's wall time (npm and tsx starting included), and patents/s from its own summary line;
 * - caught up: from the CLI's exit until a search is answered by the index of the grown corpus. PostgreSQL:
 *   the server notices an import at the first query at least 60 s after its last look (CHECK_EVERY_MS in
 *   patent-index.ts), builds the new index in the background and answers from the database meanwhile;
 *   the bench sends a search every half second from the import's end. PGlite: the start after the import,
 *   which builds the index before it answers;
 * - vectors done: from the CLI's exit until every patent has the database's search vectors, which the server
 *   writes in the background (patent-vectors.ts): PostgreSQL, asked of the database every 5 s; PGlite, the
 *   log line of the first run after the start. The restart and the latencies below come after it (at the
 *   shipped size, after the first start's vectors), unless --wait-for-vectors false;
 * - index build: the `seconds` of the server's "patent index built" log line for the whole corpus (at
 *   47,000: the first start's); the index file's size on disk;
 * - after a restart on the same data (SIGTERM, started again): the time until a search answers; the server's
 *   RSS then and its peak after the runs below, from /proc (the server process alone: the start's data
 *   preparation and the index builder are processes of their own); the 15 queries of search-queries.ts over
 *   HTTP, --runs each after one warm run, p50/p95 over all, and the same of the syntax's queries
 *   (syntaxQueries: fields, proximity, truncation, sorting by date, one per family); the public analysis of analysis.bench.ts's
 *   2,000-word description over HTTP (ANALYSIS_PER_MINUTE=0), --analysis-runs after one warm run;
 * - the database on disk once the server stopped: pg_database_size, or the data folder's pglite directory
 *   without its write-ahead log (pg_wal), whose size is shown apart.
 * Then, per driver, each figure's growth per 100,000 patents: the straight line between the smallest and the
 * largest size it was measured at (the import's time from nothing at 47,000; the first start, the same at
 * every size, has none). Nothing is asserted; the figures are this machine's.
 *   npm run bench:scale [-- --drivers pglite,postgres --sizes 47000,250000,1000000 --runs 20
 *     --analysis-runs 10 --wait-for-vectors true --keep false
 *     --database-url postgres://postgres@127.0.0.1:5432/postgres]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { pgliteDir } from '~/db/client'
import { indexDir } from '~/engine/prior-art/build-index'
import { type PatentRecord, withoutEmptyBrackets } from '~/features/patents/patent-record'
import { twoThousandWords } from './corpus'
import {
  firstStart,
  grow,
  memoryOf,
  readShipped,
  untilEveryVector,
  VECTORS_WRITTEN,
  writeVariants,
} from './scale-corpus'
import { growth, printTable, type Row } from './scale-report'
import {
  base,
  search,
  servers,
  startServer,
  stopServer,
  untilLogged,
  untilSearchAnswers,
} from './scale-server'
import { searchQueries, syntaxQueries } from './search-queries'
import { freshDatabase } from './server'
import { percentile } from './stats'

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: 'pglite,postgres' },
    sizes: { type: 'string', default: '47000,250000' },
    runs: { type: 'string', default: '20' },
    'analysis-runs': { type: 'string', default: '10' },
    /** `false`: measure the restart and the latencies without waiting for the search vectors. */
    'wait-for-vectors': { type: 'string', default: 'true' },
    /** `true`: leave the last run's data folder and database in place, to look into, and print where. */
    keep: { type: 'string', default: 'false' },
    'database-url': {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
})
const drivers = values.drivers.split(',').map((d) => d.trim())
const sizes = values.sizes.split(',').map((s) => Number(s.trim()))
const waitForVectors = values['wait-for-vectors'] !== 'false'
const keep = values.keep === 'true'

const mb = (bytes: number) => bytes / 2 ** 20

// The corpus --------------------------------------------------------------------------------------------

/** analysis.bench.ts's invention: the first 2,000 words of the descriptions of shipped records 100 to 400. */
function invention(shipped: PatentRecord[]) {
  const description = twoThousandWords(shipped.map((r) => withoutEmptyBrackets(r.description ?? '')))
  return { title: 'Wireless sensor network for soil moisture', description }
}

// What is measured -------------------------------------------------------------------------------------

/**
 * Every query once to warm, then `runs` times each over HTTP: p50 and p95 over all, in ms, and the three
 * queries of the highest p95 of their own (what sets the p95 over all).
 */
async function searchLatency(queries: typeof searchQueries, runs: number) {
  const times: number[] = []
  const perQuery: { query: string; p95: number }[] = []
  for (const { q, params } of queries) {
    const query = { q, num: '10', ...params }
    await search(query)
    const own: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await search(query)
      own.push(performance.now() - started)
    }
    times.push(...own)
    perQuery.push({
      query: new URLSearchParams(query).toString(),
      p95: percentile(
        own.sort((a, b) => a - b),
        95,
      ),
    })
  }
  times.sort((a, b) => a - b)
  const slowest = perQuery.sort((a, b) => b.p95 - a.p95).slice(0, 3)
  return { p50: percentile(times, 50), p95: percentile(times, 95), slowest }
}

/** The public analysis of `text` as a browser posts it (multipart), once to warm then `runs` times. */
async function analysisLatency(text: { title: string; description: string }, runs: number) {
  const analyse = async () => {
    const form = new FormData()
    form.set('title', text.title)
    form.set('description', text.description)
    const response = await fetch(`${base}/api/public/patents/comprehensive-analysis`, {
      method: 'POST',
      body: form,
    })
    if (!response.ok) throw new Error(`analysis: ${response.status} ${await response.text()}`)
    await response.arrayBuffer()
  }
  await analyse()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await analyse()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

/** Bytes of every file under `dir`. */
function folderBytes(dir: string) {
  let bytes = 0
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size
  return bytes
}

/** The newest index file's bytes: older ones may wait for their removal a minute after a switch. */
function indexBytes(dataDir: string) {
  const dir = indexDir(dataDir)
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.index'))
    .map((name) => fs.statSync(path.join(dir, name)))
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
  return files[0]?.size ?? 0
}

/**
 * The database's files, and PGlite's write-ahead log apart: the log's segments, kept for reuse, weigh as much
 * as the data at these sizes and shrink or grow with checkpoints rather than with the corpus. PostgreSQL's
 * log belongs to the whole server, not to one database.
 */
async function databaseBytes(dataDir: string, databaseUrl: string) {
  if (!databaseUrl) {
    const wal = folderBytes(path.join(pgliteDir(dataDir), 'pg_wal'))
    return { data: folderBytes(pgliteDir(dataDir)) - wal, wal }
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query('select pg_database_size(current_database())::bigint as bytes')
    return { data: Number(rows[0].bytes), wal: undefined }
  } finally {
    await client.end()
  }
}

// One run ----------------------------------------------------------------------------------------------

/** What a failure or Ctrl-C must still undo: the run's servers, database and files. */
let cleanUp: (() => Promise<void>) | undefined
process.once('SIGINT', () => {
  void (cleanUp?.() ?? Promise.resolve()).finally(() => process.exit(130))
})

async function measure(driver: string, size: number, shipped: PatentRecord[]): Promise<Row> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-scale-'))
  const dataDir = path.join(folder, 'data')
  const file = path.join(folder, 'variants.jsonl')
  const database = driver === 'postgres' ? await freshDatabase(values['database-url'], 'scale') : undefined
  const databaseUrl = database?.url ?? ''
  cleanUp = async () => {
    for (const server of servers) await stopServer(server)
    if (keep && size === sizes.at(-1)) {
      console.log(`  kept: DATA_DIR=${dataDir}${databaseUrl ? ` DATABASE_URL=${databaseUrl}` : ''}`)
      await database?.keep()
      return
    }
    await database?.drop()
    fs.rmSync(folder, { recursive: true, force: true })
  }
  try {
    const extra = size - shipped.length
    // Written before any server starts, so that it takes no time from what is measured.
    if (extra > 0) await writeVariants(file, shipped, extra)
    const first = await firstStart(dataDir, databaseUrl)
    let server = first.server
    console.log(`  first start: a search answered after ${first.seconds.toFixed(1)} s`)
    // Without an import, the shipped patents' vectors are the ones written in the background: waited for as
    // an import's are, so that no size's latencies are measured beside them and another's not.
    if (extra === 0 && waitForVectors)
      await (databaseUrl
        ? untilEveryVector(databaseUrl, performance.now())
        : untilLogged(server, VECTORS_WRITTEN, 0, performance.now()))
    let grown: Awaited<ReturnType<typeof grow>> | undefined
    if (extra > 0) {
      grown = await grow(server, file, dataDir, databaseUrl, { waitForVectors })
      server = grown.server
      const noticed =
        grown.noticed === undefined
          ? ''
          : `; the server began its build ${grown.noticed.toFixed(1)} s after the import`
      console.log(
        `  imported ${grown.imported.written} in ${grown.imported.wall.toFixed(1)} s; the index of ${grown.built?.patents} patents answered ${grown.caughtUp.toFixed(1)} s after${noticed}; their search vectors were ${grown.vectors === undefined ? 'not waited for' : `written ${grown.vectors.toFixed(1)} s after`}`,
      )
    }
    const built = grown ? grown.built : first.built

    await stopServer(server)
    server = startServer(dataDir, databaseUrl)
    const restart = await untilSearchAnswers(server)
    const ready = memoryOf(server.child.pid as number)
    const searches = await searchLatency(searchQueries, Number(values.runs))
    const syntax = await searchLatency(syntaxQueries, Number(values.runs))
    const analyses = await analysisLatency(invention(shipped), Number(values['analysis-runs']))
    const after = memoryOf(server.child.pid as number)
    await stopServer(server)
    console.log(`  restart: a search answered after ${restart.toFixed(1)} s`)
    console.log(
      `  slowest searches (p95): ${searches.slowest.map((s) => `${s.query} ${s.p95.toFixed(1)} ms`).join('; ')}`,
    )
    console.log(
      `  the syntax (issue 41): p50 ${syntax.p50.toFixed(1)} ms, p95 ${syntax.p95.toFixed(1)} ms; slowest: ${syntax.slowest.map((s) => `${s.query} ${s.p95.toFixed(1)} ms`).join('; ')}`,
    )
    const disk = await databaseBytes(dataDir, databaseUrl)

    return {
      driver,
      patents: size,
      figures: {
        firstStart: first.seconds,
        importWall: grown?.imported.wall,
        importRate: grown?.imported.perSecond,
        caughtUp: grown?.caughtUp,
        vectors: grown?.vectors,
        indexBuild: built?.seconds,
        indexMb: mb(indexBytes(dataDir)),
        restart,
        rssReady: ready.rss,
        rssPeak: after.peak,
        searchP50: searches.p50,
        searchP95: searches.p95,
        syntaxP95: syntax.p95,
        analysisP50: analyses.p50,
        analysisP95: analyses.p95,
        databaseMb: mb(disk.data),
        walMb: disk.wal === undefined ? undefined : mb(disk.wal),
      },
    }
  } finally {
    await cleanUp()
    cleanUp = undefined
  }
}

const shipped = await readShipped()
for (const size of sizes)
  if (!(size >= shipped.length))
    throw new Error(`--sizes: ${size} is below the ${shipped.length} shipped patents`)
const rows: Row[] = []
for (const driver of drivers)
  for (const size of sizes) {
    console.log(`${driver}, ${size.toLocaleString('en-GB')} patents:`)
    rows.push(await measure(driver, size, shipped))
  }

console.log('\nPer driver and size, each from a fresh start (s: seconds; MB: 2^20 bytes):')
printTable(rows.map((r) => ({ driver: r.driver, patents: String(r.patents), figures: r.figures })))
console.log('\nGrowth per 100,000 patents, the straight line between the smallest and largest size measured:')
printTable(
  drivers.map((driver) => ({
    driver,
    patents: '+100,000',
    figures: growth(
      rows.filter((r) => r.driver === driver),
      shipped.length,
    ),
  })),
)
