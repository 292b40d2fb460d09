/** The server of bench:scale: started as `npm start` starts it, its JSON log read, and what it answers. */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import readline from 'node:readline'
import { benchPort } from './server'

export const root = path.resolve(import.meta.dirname, '..')
export const base = `http://127.0.0.1:${benchPort}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const secondsSince = (started: number) => (performance.now() - started) / 1000

type LogEntry = { msg?: string; time?: number; seconds?: number; patents?: number; level?: number }
export type Server = { child: ChildProcess; log: LogEntry[]; started: number }

/** Every server started and not yet stopped, for the clean-up after a failure or Ctrl-C to end. */
export const servers = new Set<Server>()

/**
 * The server as `npm start` runs it, with Node itself and tsx as a loader (bench/server.ts explains why),
 * its JSON log read as it comes: the log says when and how fast the index was built. `env`: further settings.
 */
export function startServer(dataDir: string, databaseUrl: string, env: Record<string, string> = {}): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'server/tsconfig.json',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(benchPort),
      HOST: '127.0.0.1',
      CORPUS: 'auto',
      LOG_LEVEL: 'info',
      // The analysis runs come from one address, faster than a person's.
      ANALYSIS_PER_MINUTE: '0',
      // A run at a million outlives the hour after which an automatic backup would compete with it.
      BACKUP_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const log: LogEntry[] = []
  readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (!line.startsWith('{')) return
    try {
      const entry = JSON.parse(line) as LogEntry
      log.push(entry)
      // The server's errors, as they come: what a failed run needs to be understood.
      if ((entry.level ?? 0) >= 50) console.error(line)
    } catch {
      // A line another process wrote into the middle of one: not one the bench reads.
    }
  })
  const server = { child, log, started: performance.now() }
  servers.add(server)
  child.once('exit', () => servers.delete(server))
  return server
}

export const running = (server: Server) => server.child.exitCode === null && server.child.signalCode === null

/** Ends the server as a service manager would (SIGTERM), and kills it if it has not gone in a minute. */
export async function stopServer(server: Server) {
  if (!running(server)) return
  const exited = once(server.child, 'exit')
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 60_000)
  await exited
  clearTimeout(timer)
}

/** The last "patent index built" line the server logged after `since` (epoch ms), if any. */
export function indexBuilt(server: Server, since = 0) {
  return server.log.findLast((e) => e.msg === 'patent index built' && (e.time ?? 0) >= since)
}

/** Seconds from `from` (performance.now()) until the server has logged `msg` at or after `since` (epoch ms). */
export async function untilLogged(server: Server, msg: string, since: number, from: number) {
  for (;;) {
    if (!running(server)) throw new Error(`the server ended with ${server.child.exitCode}`)
    if (server.log.some((e) => e.msg === msg && (e.time ?? 0) >= since)) return secondsSince(from)
    await sleep(500)
  }
}

/** The search API's answer to `query` (with the status checked). */
export async function search(query: Record<string, string>) {
  const response = await fetch(`${base}/api/public/serpapi/patents?${new URLSearchParams(query)}`)
  if (!response.ok) throw new Error(`search ${JSON.stringify(query)}: ${response.status}`)
  return (await response.json()) as { totalResults: number; totalIsApproximate?: boolean }
}

/** Seconds from the server's start until a search answers (it listens once the index is open). */
export async function untilSearchAnswers(server: Server) {
  for (;;) {
    if (!running(server)) throw new Error(`the server ended with ${server.child.exitCode}`)
    const answered = await search({ q: 'hinge' }).then(
      () => true,
      () => false,
    )
    if (answered) return secondsSince(server.started)
    await sleep(250)
  }
}

/**
 * The count of a common word. The API does not say whether the index or the database answered, but the
 * count shows it: the index counts exactly, the database estimates beyond 20,000 expected matches
 * (EXACT_COUNT in patent-search.service.ts), which "method" passes in every corpus here.
 */
export async function methodCount() {
  const answer = await search({ q: 'method' })
  return { total: answer.totalResults, fromIndex: answer.totalIsApproximate !== true }
}

/**
 * PostgreSQL, the server running through the import: seconds from `importEnded` until the index of the
 * grown corpus answers (the server logged its build, and the common word's exact count went up from
 * `before`), searching every half second as users would; the build's line.
 */
export async function untilIndexCaughtUp(server: Server, before: number, importEnded: number, since: number) {
  for (;;) {
    if (!running(server)) throw new Error(`the server ended with ${server.child.exitCode}`)
    const built = indexBuilt(server, since)
    const count = await methodCount()
    if (built && count.fromIndex && count.total > before) return { seconds: secondsSince(importEnded), built }
    await sleep(500)
  }
}
