/**
 * The server's resident memory on PGlite, as `npm start` runs it: after the first start on an empty data
 * folder (which loads the 47,000-patent corpus and builds the patent index) and after a restart on the same
 * folder, with the time each start took to log that it is ready; memory when ready, SETTLE_SECONDS later
 * (idle: the garbage of the start collected) and at the peak.
 *   npm run bench:memory [-- --data-dir <folder> [--rebuild-index]]
 * --data-dir reuses a folder a first start has already filled (kept afterwards) and measures the restart
 * only; --rebuild-index removes its patent index first, so the start builds it (a folder grown to 100,000
 * patents by an import measures the case).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import readline from 'node:readline'
import { parseArgs } from 'node:util'

const root = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, 'rebuild-index': { type: 'boolean', default: false } },
})
/** How long an idle server is left before its memory is read again. */
const SETTLE_SECONDS = 60

/**
 * Node itself with tsx as a loader: the tsx CLI would run the server in a child process of its own, and
 * the memory read would be the launcher's.
 */
function startServer(dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'server/tsconfig.json',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      CORPUS: 'auto',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
}

/** Reads the server's JSON log lines until it says it is ready; the corpus load's seconds if it logged one. */
async function waitUntilReady(server: ChildProcess) {
  let corpusSeconds: number | undefined
  const lines = readline.createInterface({ input: server.stdout as NodeJS.ReadableStream })
  for await (const line of lines) {
    if (!line.startsWith('{')) continue
    const entry = JSON.parse(line) as { msg?: string; seconds?: number }
    if (entry.msg === 'Patent corpus loaded') corpusSeconds = entry.seconds
    if (entry.msg?.startsWith('PatentDesk is ready')) return corpusSeconds
  }
  throw new Error(`the server ended with ${server.exitCode} before it was ready`)
}

/** VmRSS (now) and VmHWM (the peak) of a process, in MB. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1])
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

async function measureStart(label: string, dataDir: string) {
  const started = performance.now()
  const server = startServer(dataDir)
  try {
    const corpusSeconds = await waitUntilReady(server)
    const seconds = (performance.now() - started) / 1000
    const ready = memoryOf(server.pid as number)
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000))
    const settled = memoryOf(server.pid as number)
    return { label, seconds, corpusSeconds, rss: ready.rss, settled: settled.rss, peak: settled.peak }
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM')
      await once(server, 'exit')
    }
  }
}

const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-memory-'))
const rows = []
try {
  if (!values['data-dir']) rows.push(await measureStart('first start (empty folder)', dataDir))
  if (values['rebuild-index']) {
    fs.rmSync(path.join(dataDir, 'index'), { recursive: true, force: true })
    rows.push(await measureStart('start that builds the index', dataDir))
  }
  rows.push(await measureStart('restart (same folder)', dataDir))
} finally {
  if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true })
}

const mb = (value: number) => `${value.toFixed(0)} MB`
console.table(
  rows.map((row) => ({
    start: row.label,
    'ready after': `${row.seconds.toFixed(1)} s`,
    'corpus load': row.corpusSeconds === undefined ? '-' : `${row.corpusSeconds.toFixed(1)} s`,
    'RSS when ready': mb(row.rss),
    [`RSS ${SETTLE_SECONDS} s later`]: mb(row.settled),
    'peak RSS': mb(row.peak),
  })),
)
