/**
 * bench:alerts's server path (`--mode server`, issue 42): a real server, started as bench:scale starts it
 * (CORPUS=auto, LOG_LEVEL=info, TRUST_PROXY=1 so that each user registers from an address of its own), on a
 * fresh database: PostgreSQL, a database of its own on --database-url (dropped after); PGlite, an empty data
 * folder. In order:
 * - the corpus: the first start loads the shipped patents, then (corpus - shipped) variants are imported
 *   through the CLI and the bench waits until the index holds them, every patent has its search vectors and
 *   the alerts job has emptied the journal of that import (no saved search exists yet), as bench:scale grows
 *   it (scale-corpus.ts `grow`);
 * - --searches saved searches (saved-queries.ts) created through the API, POST /api/saved-searches, by
 *   users registered through the API, 100 each (the limit per user), 4 users at a time; mails left at the
 *   API's default (weekly), so that the alerts job's run is the matching and recording alone;
 * - before the import: the search box's queries (search-queries.ts: the 15 plain and the 18 of the syntax)
 *   over HTTP, one round to warm and --runs rounds measured: p50 and p95;
 * - the import of --import new patents (references XA…, alerts-index.ts `importedVariant`) through the CLI,
 *   as a user imports: on PostgreSQL beside the running server; on PGlite with the server stopped (the CLI
 *   cannot open the data folder beside it) and started again the moment the CLI exits, its first run of the
 *   alerts job doing the matching;
 * - alerts done: from the import's end (PGlite: the start's beginning, the same moment) until every alert is
 *   recorded. The signal is alerts.ts's own: a run removes the journal entries (patent_changes) it matched in
 *   the transaction that records the hits and the notifications, and runs until the journal is empty. On
 *   PostgreSQL the bench asks the database for the journal's length every 250 ms (done at 0); on PGlite, whose
 *   one process the server holds, it reads the server's log line of the job's run ("imported patents matched
 *   against saved searches and watches", written once the run has emptied the journal). Shown apart: when
 *   the percolation's file (percolate-*.percolate in the index folder, written and removed by the index
 *   thread) was first and last seen, every 100 ms: the matching began then, after the job's wait for its
 *   minute (PostgreSQL) or the start's index build (PGlite);
 * - meanwhile, the same queries round after round from the import's end (PGlite: from the started server's
 *   first answer) until done, one at a time: p50, p95 and the slowest, and the same of the answers while
 *   the percolation's file or the recording after it were under way; answers other than 200 (503 while the
 *   index is rebuilt after the import, for the syntax) are counted apart; PGlite, whose searches then are a
 *   started server's first, also the first 2 rounds after a restart without an import;
 * - the server process's peak RSS: VmHWM, reset (clear_refs 5) before the import on PostgreSQL, the new
 *   process's own on PGlite, and RSS polled every 100 ms;
 * - what was recorded, through the API as owners see it: each search's new patents (newCount of
 *   GET /api/saved-searches) and the notifications (GET /api/notifications), checked search by search against
 *   what the percolation of the same patents in this process finds (alerts-index.ts `matchInProcess`).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Notification } from '@patentdesk/contract/notifications'
import { type SavedSearch, savedSearchLimits } from '@patentdesk/contract/saved-searches'
import type { SessionUser } from '@patentdesk/contract/session-user'
import pg from 'pg'
import { indexDir } from '~/engine/prior-art/build-index'
import type { PatentRecord } from '~/features/patents/patent-record'
import { importedVariant, matchInProcess } from './alerts-index'
import { type BenchSavedQuery, printHitDistribution } from './saved-queries'
import {
  firstStart,
  grow,
  importThroughCli,
  memoryOf,
  untilEveryVector,
  VECTORS_WRITTEN,
  writeRecords,
  writeVariants,
} from './scale-corpus'
import { printColumns, shown } from './scale-report'
import {
  base,
  running,
  type Server,
  secondsSince,
  servers,
  startServer,
  stopServer,
  untilLogged,
  untilSearchAnswers,
} from './scale-server'
import { type SearchQuery, searchQueries, syntaxQueries } from './search-queries'
import { freshDatabase } from './server'
import { percentile } from './stats'

/** The name of main.ts's periodic job that runs alerts.ts: its log line after a run that matched entries. */
const ALERTS_MATCHED = 'imported patents matched against saved searches and watches'
/** The server's settings beside bench:scale's: each user registers from an address of its own. */
const env = { TRUST_PROXY: '1' }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const thousands = (n: number) => n.toLocaleString('en-GB')

type Options = {
  driver: 'postgres' | 'pglite'
  databaseUrl: string
  corpus: number
  imported: number
  runs: number
}

// The API, as a browser calls it ------------------------------------------------------------------------

/** A call of the API: JSON in and out, the session's token, the client's address (X-Forwarded-For). */
async function api<T>(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** User `u` registered through the API, from an address of its own (registrations are limited per address). */
function register(u: number) {
  return api<SessionUser>('POST', '/api/auth/register', {
    ip: `10.${(u >> 8) & 255}.${u & 255}.1`,
    body: {
      username: `alerts_bench_${u}`,
      email: `alerts.bench.${u}@example.com`,
      fullName: `Alerts Bench ${u}`,
      organization: 'Bench Patent Watchers Ltd',
      password: 'bench-secret-pass',
    },
  })
}

type Owned = { token: string; queries: BenchSavedQuery[] }

/**
 * The saved searches created through the API, 100 a user (the limit), `parallel` users at a time: each
 * user with their token, and each search's id on the server with the query it was made of.
 */
async function createSavedSearches(queries: BenchSavedQuery[], parallel = 4) {
  const perUser = savedSearchLimits.searches
  const started = performance.now()
  const users: Owned[] = []
  for (let u = 0; u * perUser < queries.length; u++)
    users.push({ token: (await register(u)).token, queries: queries.slice(u * perUser, (u + 1) * perUser) })
  const registered = secondsSince(started)
  const byServerId = new Map<number, BenchSavedQuery>()
  let nextUser = 0
  const worker = async () => {
    for (let user = users[nextUser++]; user; user = users[nextUser++])
      for (const query of user.queries) {
        const saved = await api<SavedSearch>('POST', '/api/saved-searches', {
          token: user.token,
          body: { name: `${query.kind} ${query.id}`, query: { q: query.q, ...query.filters } },
        })
        byServerId.set(saved.id, query)
      }
  }
  const createdFrom = performance.now()
  await Promise.all(Array.from({ length: parallel }, worker))
  return { users, byServerId, registered, created: secondsSince(createdFrom) }
}

/** What each owner sees once the alerts are recorded: each search's new patents, the notifications of news. */
async function recorded(users: Owned[]) {
  const newCount = new Map<number, number>()
  let notifications = 0
  for (const user of users) {
    for (const search of await api<SavedSearch[]>('GET', '/api/saved-searches', { token: user.token }))
      newCount.set(search.id, search.newCount)
    const own = await api<Notification[]>('GET', '/api/notifications', { token: user.token })
    notifications += own.filter((n) => /new patents? for '/.test(n.title)).length
  }
  return { newCount, notifications }
}

// The search box, measured --------------------------------------------------------------------------------

type Sample = { at: number; ms: number; status: number; syntax: boolean; q: string }
/** The plain and the syntax's queries taking turns, so that a short stretch of time has some of each. */
const timedQueries = syntaxQueries.flatMap((query, i) => [
  ...(searchQueries[i] ? [{ ...searchQueries[i], syntax: false }] : []),
  { ...query, syntax: true },
])

async function searchOnce({ q, params, syntax }: SearchQuery & { syntax: boolean }): Promise<Sample> {
  const at = performance.now()
  const query = new URLSearchParams({ q, num: '10', ...params })
  const status = await fetch(`${base}/api/public/serpapi/patents?${query}`).then(
    async (response) => {
      await response.arrayBuffer()
      return response.status
    },
    () => 0,
  )
  return { at, ms: performance.now() - at, status, syntax, q }
}

/** Every query in turn, one at a time, round after round while `more(round)` says so (checked per query). */
async function searchRounds(more: (round: number) => boolean) {
  const samples: Sample[] = []
  for (let round = 0; more(round); round++)
    for (const query of timedQueries) {
      if (!more(round)) break
      samples.push(await searchOnce(query))
    }
  return samples
}

/** p50 and p95 of the answers (200) among `samples` that `which` keeps, in ms; how many, and how many failed. */
function latency(samples: Sample[], which: (s: Sample) => boolean = () => true) {
  const kept = samples.filter(which)
  const ok = kept
    .filter((s) => s.status === 200)
    .map((s) => s.ms)
    .sort((a, b) => a - b)
  return {
    n: ok.length,
    failed: kept.length - ok.length,
    p50: ok.length ? percentile(ok, 50) : undefined,
    p95: ok.length ? percentile(ok, 95) : undefined,
    max: ok.at(-1),
  }
}
type Latency = ReturnType<typeof latency>

const ms = (value: number | undefined) => (value === undefined ? '-' : `${value.toFixed(1)} ms`)
const describe = (l: Latency) =>
  `p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, slowest ${ms(l.max)} (${thousands(l.n)} answers${l.failed ? `, ${l.failed} not 200` : ''})`

// What the server does meanwhile ---------------------------------------------------------------------------

/**
 * Watches the server every 100 ms until stopped: its RSS (the most seen), and when the percolation's file
 * was first and last seen in the index folder (performance.now()).
 */
function watch(pid: number, dataDir: string) {
  const seen = {
    rssMax: 0,
    percolationFirst: undefined as number | undefined,
    percolationLast: undefined as number | undefined,
  }
  const dir = indexDir(dataDir)
  const timer = setInterval(() => {
    try {
      seen.rssMax = Math.max(seen.rssMax, memoryOf(pid).rss)
    } catch {
      // The process has ended.
    }
    const percolating =
      fs.existsSync(dir) && fs.readdirSync(dir).some((name) => name.startsWith('percolate-'))
    if (percolating) {
      const now = performance.now()
      seen.percolationFirst ??= now
      seen.percolationLast = now
    }
  }, 100)
  return { seen, stop: () => clearInterval(timer) }
}

/** Resets the process's VmHWM to its RSS now (Linux: clear_refs 5); whether it could. */
function resetPeak(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** Fails if the server logged that the alerts job failed after `since` (epoch ms). */
function checkAlertsJob(server: Server, since: number) {
  const failed = server.log.find((e) => e.msg === `${ALERTS_MATCHED} failed` && (e.time ?? 0) >= since)
  if (failed) throw new Error(`the alerts job failed: ${JSON.stringify(failed)}`)
  if (!running(server)) throw new Error(`the server ended with ${server.child.exitCode}`)
}

/** PostgreSQL: the journal's entries not matched yet. */
async function journalLength(client: pg.Client) {
  const { rows } = await client.query('select count(*)::int as n from patent_changes')
  return Number(rows[0]?.n)
}

/**
 * Waits until every alert of the import is recorded: PostgreSQL, the journal empty (asked every 250 ms);
 * PGlite, the alerts job's log line at or after `since` (epoch ms). Answers performance.now() then.
 */
async function untilAlertsRecorded(server: Server, client: pg.Client | undefined, since: number) {
  for (;;) {
    checkAlertsJob(server, since)
    if (
      client
        ? (await journalLength(client)) === 0
        : server.log.some((e) => e.msg === ALERTS_MATCHED && (e.time ?? 0) >= since)
    )
      return performance.now()
    await sleep(client ? 250 : 100)
  }
}

// One run ----------------------------------------------------------------------------------------------

let cleanUp: (() => Promise<void>) | undefined
process.once('SIGINT', () => {
  void (cleanUp?.() ?? Promise.resolve()).finally(() => process.exit(130))
})

/** Grows the corpus to `corpus` as bench:scale does, then waits until that import leaves nothing behind. */
async function prepareCorpus(
  shipped: PatentRecord[],
  {
    corpus,
    dataDir,
    databaseUrl,
    folder,
  }: { corpus: number; dataDir: string; databaseUrl: string; folder: string },
) {
  const extra = corpus - shipped.length
  const file = path.join(folder, 'corpus.jsonl')
  if (extra > 0) await writeVariants(file, shipped, extra)
  const first = await firstStart(dataDir, databaseUrl, env)
  console.log(`  first start: a search answered after ${first.seconds.toFixed(1)} s`)
  if (extra === 0) {
    await (databaseUrl
      ? untilEveryVector(databaseUrl, performance.now())
      : untilLogged(first.server, VECTORS_WRITTEN, 0, performance.now()))
    return first.server
  }
  const since = Date.now()
  const grown = await grow(first.server, file, dataDir, databaseUrl, { waitForVectors: true, env })
  fs.rmSync(file, { force: true })
  // The alerts job matches the growth's journal against no saved search; the saved searches come after it.
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await untilAlertsRecorded(grown.server, client, since).finally(() => client.end())
  } else await untilAlertsRecorded(grown.server, undefined, since)
  console.log(
    `  corpus grown to ${thousands(corpus)} through the CLI: ${grown.imported.written} imported in ${grown.imported.wall.toFixed(1)} s; ` +
      `the index answered ${grown.caughtUp.toFixed(1)} s after, the search vectors ${grown.vectors?.toFixed(1)} s after`,
  )
  return grown.server
}

export async function serverMode(
  shippedRecords: PatentRecord[],
  queries: BenchSavedQuery[],
  options: Options,
) {
  const { driver, corpus, imported, runs } = options
  const shipped = shippedRecords
  const label = driver === 'postgres' ? 'PostgreSQL' : 'PGlite'
  console.log(
    `${label}: ${thousands(queries.length)} saved searches, an import of ${thousands(imported)} patents into a corpus of ${thousands(corpus)}:`,
  )
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-alerts-'))
  const dataDir = path.join(folder, 'data')
  const importFile = path.join(folder, 'import.jsonl')
  const database = driver === 'postgres' ? await freshDatabase(options.databaseUrl, 'alerts') : undefined
  const databaseUrl = database?.url ?? ''
  let client: pg.Client | undefined
  cleanUp = async () => {
    for (const server of servers) await stopServer(server)
    await client?.end().catch(() => {})
    await database?.drop()
    fs.rmSync(folder, { recursive: true, force: true })
  }
  try {
    // Written before any server starts, so that it takes no time from what is measured.
    await writeRecords(importFile, imported, (n) => importedVariant(shipped, corpus, n))
    let server = await prepareCorpus(shipped, { corpus, dataDir, databaseUrl, folder })

    const owners = await createSavedSearches(queries)
    console.log(
      `  ${thousands(owners.users.length)} users registered in ${owners.registered.toFixed(1)} s; ` +
        `${thousands(owners.byServerId.size)} saved searches created through the API in ${owners.created.toFixed(1)} s ` +
        `(${(owners.byServerId.size / owners.created).toFixed(0)}/s)`,
    )

    // Before the import: one round to warm, then the rounds measured.
    const before = await searchRounds((round) => round <= runs)
    const warm = (s: Sample) => s.at >= (before[timedQueries.length]?.at ?? Number.POSITIVE_INFINITY)
    const baseline = {
      all: latency(before, warm),
      plain: latency(before, (s) => warm(s) && !s.syntax),
      syntax: latency(before, (s) => warm(s) && s.syntax),
    }
    const rssBefore = memoryOf(server.child.pid as number)
    console.log(
      `  before the import (${runs} rounds of the ${timedQueries.length} queries): ${describe(baseline.all)}; ` +
        `plain ${describe(baseline.plain)}; syntax ${describe(baseline.syntax)}; server RSS ${rssBefore.rss.toFixed(0)} MB`,
    )

    // PGlite: the searches during the matching are a started server's first; so are these, without an import.
    let restarted: { seconds: number; first: Latency } | undefined
    if (!databaseUrl) {
      await stopServer(server)
      server = startServer(dataDir, databaseUrl, env)
      const seconds = await untilSearchAnswers(server)
      restarted = { seconds, first: latency(await searchRounds((round) => round < 2)) }
      const { rss, peak } = memoryOf(server.child.pid as number)
      console.log(
        `  restarted without an import: a search answered after ${seconds.toFixed(1)} s; its first 2 rounds: ${describe(restarted.first)}; ` +
          `RSS ${rss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`,
      )
    }

    // The import, and the alerts after it.
    if (databaseUrl) {
      client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
    }
    const importStarted = { at: Date.now(), perf: performance.now() }
    let peakReset = false
    let watcher: ReturnType<typeof watch> | undefined
    if (databaseUrl) {
      peakReset = resetPeak(server.child.pid as number)
      watcher = watch(server.child.pid as number, dataDir)
    } else await stopServer(server)
    const importDone = await importThroughCli(importFile, dataDir, databaseUrl)
    const ended = { at: Date.now(), perf: performance.now() }
    let answeredAt = ended.perf
    if (!databaseUrl) {
      // Started the moment the CLI has exited: its start is the import's end.
      server = startServer(dataDir, databaseUrl, env)
      watcher = watch(server.child.pid as number, dataDir)
      peakReset = true
      await untilSearchAnswers(server)
      answeredAt = performance.now()
    }
    const w = watcher as ReturnType<typeof watch>
    let doneAt: number | undefined
    const during = searchRounds(() => doneAt === undefined)
    doneAt = await untilAlertsRecorded(server, client, databaseUrl ? importStarted.at : ended.at)
    const samples = await during
    w.stop()
    const memory = memoryOf(server.child.pid as number)
    const rssPeak = Math.max(memory.peak, w.seen.rssMax)

    const done = (doneAt - ended.perf) / 1000
    const first = w.seen.percolationFirst
    const matchingFrom = first ?? doneAt
    const whileMatching = (s: Sample) => s.at + s.ms >= matchingFrom && s.at <= (doneAt as number)
    const meanwhile = {
      all: latency(samples),
      plain: latency(samples, (s) => !s.syntax),
      syntax: latency(samples, (s) => s.syntax),
      matching: latency(samples, whileMatching),
    }
    const jobRuns = server.log.filter((e) => e.msg === ALERTS_MATCHED && (e.time ?? 0) >= importStarted.at)
    const rebuilt = server.log.find((e) => e.msg === 'patent index built' && (e.time ?? 0) >= ended.at)
    const since = (at: number) => ((at - ended.perf) / 1000).toFixed(1)
    console.log(
      `  import: ${importDone.written} patents through the CLI in ${importDone.wall.toFixed(1)} s (${importDone.perSecond.toFixed(0)}/s)`,
    )
    console.log(
      `  every alert recorded ${done.toFixed(1)} s after the import's end${databaseUrl ? ' (the journal empty)' : ", the started server's first run of the alerts job (its log line)"}; ` +
        (first === undefined
          ? 'the percolation file was never seen'
          : `the percolation's file seen from ${since(first)} s to ${since(w.seen.percolationLast as number)} s, the recording until ${since(doneAt)} s`) +
        (databaseUrl ? '' : `; the server answered searches from ${since(answeredAt)} s`),
    )
    console.log(
      `  the alerts job's runs since the import began: ${jobRuns.map((e) => `${(((e.time ?? 0) - ended.at) / 1000).toFixed(1)} s after the import's end (${JSON.stringify((e as { done?: number }).done)} done)`).join('; ') || 'none logged'}`,
    )
    console.log(
      rebuilt
        ? `  the index of the grown corpus: built in ${rebuilt.seconds?.toFixed(1)} s, logged ${(((rebuilt.time ?? 0) - ended.at) / 1000).toFixed(1)} s after the import's end (${rebuilt.patents} patents)`
        : '  the index of the grown corpus: not built yet when every alert was recorded',
    )
    console.log(
      `  searches until every alert was recorded: ${describe(meanwhile.all)}; plain ${describe(meanwhile.plain)}; syntax ${describe(meanwhile.syntax)}`,
    )
    console.log(
      `  of those, while the matching ran (from the percolation's file until done, ${((doneAt - matchingFrom) / 1000).toFixed(1)} s): ${describe(meanwhile.matching)}`,
    )
    const slowest = samples
      .filter(whileMatching)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
    console.log(
      `  the slowest answers then: ${slowest.map((x) => `${JSON.stringify(x.q)} ${x.ms.toFixed(0)} ms from ${since(x.at)} s`).join('; ') || 'none'}`,
    )
    console.log(
      `  server RSS: ${rssBefore.rss.toFixed(0)} MB before the import; peak ${rssPeak.toFixed(0)} MB ` +
        `(VmHWM ${memory.peak.toFixed(0)} MB${peakReset ? '' : ', not reset: the whole life of the process'}, the most polled ${w.seen.rssMax.toFixed(0)} MB); ${memory.rss.toFixed(0)} MB after`,
    )

    const { newCount, notifications } = await recorded(owners.users)
    await stopServer(server)

    // What the server recorded, against the percolation of the same patents in this process.
    const expected = matchInProcess(shipped, queries, { corpus, imported })
    const perSearch = [...owners.byServerId].map(([id, query]) => ({
      kind: query.kind,
      hits: newCount.get(id) ?? 0,
      expected: expected.found.get(query.id)?.length ?? 0,
    }))
    const differ = perSearch.filter((s) => s.hits !== s.expected)
    const withHits = perSearch.filter((s) => s.hits > 0).length
    const hits = perSearch.reduce((sum, s) => sum + s.hits, 0)
    console.log(
      `  recorded: ${thousands(hits)} hits for ${thousands(withHits)} searches, ${thousands(notifications)} notifications of new patents`,
    )
    console.log(
      differ.length === 0
        ? `  every search's hits are what the percolation in this process finds (${thousands(perSearch.reduce((sum, s) => sum + s.expected, 0))})`
        : `  ${differ.length} searches' hits differ from what the percolation in this process finds, e.g. ${differ
            .slice(0, 5)
            .map((s) => `${s.kind}: ${s.hits} recorded, ${s.expected} found`)
            .join('; ')}`,
    )
    console.log('  what the searches found (as recorded by the server):')
    printHitDistribution(perSearch, imported, { byKind: true, indent: '    ' })

    const change = (now: number | undefined, then: number | undefined) =>
      now === undefined || then === undefined ? '-' : `${(((now - then) / then) * 100).toFixed(0)}%`
    console.log("\nFigures (s: seconds from the import's end; ms: search latency; MB: 2^20 bytes):")
    printColumns([
      [['', 'driver'], label],
      [['', 'patents'], thousands(corpus)],
      [['saved', 'searches'], thousands(queries.length)],
      [['', 'imported'], thousands(imported)],
      [['import', 's'], importDone.wall.toFixed(1)],
      [['matching', 'began s'], first === undefined ? '-' : since(first)],
      [['matching', 's'], ((doneAt - matchingFrom) / 1000).toFixed(1)],
      [['alerts', 'done s'], done.toFixed(1)],
      [['search p95', 'before ms'], shown(baseline.all.p95, 1)],
      [['p95 after', 'restart ms'], shown(restarted?.first.p95, 1)],
      [['p95 until', 'done ms'], shown(meanwhile.all.p95, 1)],
      [['p95 while', 'matching ms'], shown(meanwhile.matching.p95, 1)],
      [['p95', 'change'], change(meanwhile.matching.p95, baseline.all.p95)],
      [['slowest while', 'matching ms'], shown(meanwhile.matching.max, 0)],
      [['not 200', 'until done'], String(meanwhile.all.failed)],
      [['RSS', 'before MB'], rssBefore.rss.toFixed(0)],
      [['RSS', 'peak MB'], rssPeak.toFixed(0)],
      [['searches', 'with hits'], thousands(withHits)],
      [
        ['hits per search', 'median / p95'],
        `${percentile(
          perSearch.map((s) => s.hits).sort((a, b) => a - b),
          50,
        )} / ${percentile(
          perSearch.map((s) => s.hits).sort((a, b) => a - b),
          95,
        )}`,
      ],
      [['', 'hits'], thousands(hits)],
      [['', 'notifications'], thousands(notifications)],
    ])
  } finally {
    await cleanUp()
    cleanUp = undefined
  }
}
