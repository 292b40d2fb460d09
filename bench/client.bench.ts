/**
 * What a first visit costs in the browser: for the landing page, the dashboard (signed in) and a search,
 * the JavaScript and total bytes on the wire and the largest contentful paint, in Debian's headless
 * Chromium with a fresh context (cold HTTP cache) for every page load, median of --runs loads.
 *   npm run bench:client [-- --data-dir <folder>] [--runs 5] [--port 3120] [--no-build]
 * It first runs scripts/build-if-changed.mjs, so web/dist is the build of the current sources (a no-op
 * when it already is); --no-build measures whatever web/dist holds. Then it starts the real server as
 * `npm run serve` does, on its own port with its own data folder: an empty one by default (the first start
 * loads the 47,000-patent corpus, about 80 s here) removed afterwards, or --data-dir, a folder kept and
 * reused by later runs (seconds to start). One load of each page before the measured ones warms the
 * server (its JIT and caches), never the browser: every measured load has an empty cache.
 * Bytes are what the server sent, as Chromium's network layer counts them (CDP Network.loadingFinished
 * encodedDataLength: compressed body plus headers); "decoded" is the JavaScript after decompression.
 */
import { type ChildProcess, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/chromium'
import { startServer, waitForHealth } from './server'

const root = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3120' },
    'no-build': { type: 'boolean', default: false },
  },
})
const runs = Number(values.runs)
const port = Number(values.port)
const base = `http://127.0.0.1:${port}`
/** Quiet time after the load event before the paint entries are read (as Playwright's networkidle). */
const SETTLE_MS = 500
const targets = { landingScriptKb: 200, lcpMs: 1000 }

type Load = {
  scriptBytes: number
  scriptDecodedBytes: number
  scripts: number
  totalBytes: number
  requests: number
  fcp: number
  lcp: number
  /** The LCP element, to see what the figure is the paint of. */
  lcpElement: string
  /** The Content-Encoding of the scripts (`none`: sent as they are). */
  encodings: string
  /** The script files fetched, to see which chunks a page needs. */
  scriptNames: string[]
}

type Page = { name: string; path: string; signedIn: boolean }

const pages: Page[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'search', path: '/search?q=battery', signedIn: false },
]

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return
  server.kill('SIGTERM')
  await once(server, 'exit')
}

/** A new applicant registered through the API; the session the client would store for it. */
async function registerUser() {
  const id = `${Date.now().toString(36)}${process.pid}`
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username: `bench${id}`,
      email: `bench${id}@example.com`,
      fullName: 'Client Bench',
      password: 'bench-pass-1',
    }),
  })
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`)
  const { token, ...user } = (await response.json()) as { token: string } & Record<string, unknown>
  return { token, user }
}

/** The client's session as web/src/features/auth/session.ts keeps it in localStorage. */
async function signIn(context: BrowserContext, session: { token: string; user: Record<string, unknown> }) {
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('patentdesk.token', token)
      localStorage.setItem('patentdesk.user', user)
    },
    { token: session.token, user: JSON.stringify(session.user) },
  )
}

type Paints = { fcp: number; lcp: number; lcpElement: string }

/**
 * Runs in the page: FCP and the latest LCP entry (buffered, so the entries before this call count). A
 * string, because this file is type-checked with Node's types, which know no LCP entry.
 */
const readPaints = `new Promise((resolve) => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
  let lcp = Number.NaN
  let lcpElement = '-'
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      lcp = entry.startTime
      lcpElement = entry.element ? entry.element.tagName.toLowerCase() : '(removed)'
    }
  })
  observer.observe({ type: 'largest-contentful-paint', buffered: true })
  // Buffered entries are delivered in a task of their own.
  setTimeout(() => {
    observer.disconnect()
    resolve({ fcp, lcp, lcpElement })
  }, 100)
})`

async function measure(browser: Browser, page: Page, session: Awaited<ReturnType<typeof registerUser>>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    if (page.signedIn) await signIn(context, session)
    const tab = await context.newPage()
    const cdp = await context.newCDPSession(tab)
    const types = new Map<string, string>()
    const decoded = new Map<string, number>()
    const finished: { type: string; bytes: number; decoded: number }[] = []
    const failures: string[] = []
    const encodings = new Set<string>()
    const scriptNames: string[] = []
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      types.set(requestId, type)
      if (response.status >= 400) failures.push(`${response.status} ${response.url}`)
      if (type === 'Script') {
        scriptNames.push(path.basename(new URL(response.url).pathname))
        const header = Object.entries(response.headers).find(
          ([name]) => name.toLowerCase() === 'content-encoding',
        )
        encodings.add(header?.[1] ?? 'none')
      }
    })
    cdp.on('Network.loadingFailed', (event) => failures.push(`${event.errorText} (${event.type})`))
    cdp.on('Network.dataReceived', (event) =>
      decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength),
    )
    cdp.on('Network.loadingFinished', (event) =>
      finished.push({
        type: types.get(event.requestId) ?? 'Other',
        bytes: event.encodedDataLength,
        decoded: decoded.get(event.requestId) ?? 0,
      }),
    )
    await cdp.send('Network.enable')
    const response = await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' })
    if (!response?.ok()) throw new Error(`${page.path} answered ${response?.status()}`)
    await tab.waitForTimeout(SETTLE_MS)
    if (failures.length > 0) throw new Error(`${page.path} had failed requests: ${failures.join(', ')}`)
    if (page.signedIn && !tab.url().endsWith(page.path)) throw new Error(`${page.path} went to ${tab.url()}`)
    const paints = await tab.evaluate<Paints>(readPaints)
    if (Number.isNaN(paints.lcp)) throw new Error(`${page.path} reported no largest contentful paint`)
    const scripts = finished.filter((entry) => entry.type === 'Script')
    const sum = (list: typeof finished, key: 'bytes' | 'decoded') =>
      list.reduce((total, entry) => total + entry[key], 0)
    return {
      scriptBytes: sum(scripts, 'bytes'),
      scriptDecodedBytes: sum(scripts, 'decoded'),
      scripts: scripts.length,
      totalBytes: sum(finished, 'bytes'),
      requests: finished.length,
      encodings: [...encodings].join(', '),
      scriptNames,
      ...paints,
    } satisfies Load
  } finally {
    await context.close()
  }
}

function median(numbers: number[]) {
  const sorted = [...numbers].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** The main script of the build served, to notice a rebuild of web/dist during the measurements. */
function builtEntry() {
  const html = fs.readFileSync(path.join(root, 'web/dist/index.html'), 'utf8')
  return html.match(/<script[^>]+src="([^"]+)"/)?.[1]
}

if (!values['no-build']) {
  const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) {
  console.error('web/dist has no build: run `npm run build` first (or drop --no-build).')
  process.exit(1)
}
const entryBefore = builtEntry()

const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-client-'))
console.log(`Starting the server on ${base} with data in ${dataDir}…`)
const server = startServer({ dataDir, databaseUrl: '', corpus: 'auto', port })
const results = new Map<string, Load[]>()
let browserVersion = ''
try {
  const startMs = await waitForHealth(server, base)
  console.log(`Server ready after ${(startMs / 1000).toFixed(1)} s; ${runs} cold loads per page.`)
  const session = await registerUser()
  const browser = await chromium.launch(chromiumLaunchOptions)
  browserVersion = browser.version()
  try {
    for (const page of pages) await measure(browser, page, session) // server warm-up, not counted
    // Round-robin, so a slow moment of the machine is spread over the pages.
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        const load = await measure(browser, page, session)
        results.set(page.name, [...(results.get(page.name) ?? []), load])
      }
    }
  } finally {
    await browser.close()
  }
} finally {
  await stopServer(server)
  if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true })
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => (Number.isNaN(value) ? '-' : `${value.toFixed(0)} ms`)
const rows = pages.map((page) => {
  const loads = results.get(page.name) ?? []
  const of = (key: keyof Omit<Load, 'lcpElement' | 'encodings' | 'scriptNames'>) =>
    median(loads.map((load) => load[key]))
  const lcpSpread = loads.map((load) => load.lcp)
  return {
    page: `${page.name} ${page.path}`,
    'JS on wire': kb(of('scriptBytes')),
    'JS decoded': kb(of('scriptDecodedBytes')),
    'JS files': of('scripts'),
    'JS encoding': loads.at(-1)?.encodings ?? '-',
    'total on wire': kb(of('totalBytes')),
    requests: of('requests'),
    FCP: ms(of('fcp')),
    LCP: ms(of('lcp')),
    'LCP min–max': `${ms(Math.min(...lcpSpread))}–${ms(Math.max(...lcpSpread))}`,
    'LCP element': loads.at(-1)?.lcpElement ?? '-',
  }
})
console.log(
  `\nMedian of ${runs} loads per page; headless Chromium ${browserVersion} on this machine (${os.cpus().length} cores),`,
)
console.log(
  'fresh browser context (cold cache) each load, server on localhost (no network latency or throttling).',
)
console.table(rows)
for (const page of pages) {
  console.log(`${page.name} fetched: ${results.get(page.name)?.at(-1)?.scriptNames.join(' ') ?? '-'}`)
}

const landing = results.get('landing') ?? []
const landingJs = median(landing.map((load) => load.scriptBytes)) / 1024
const landingLcp = median(landing.map((load) => load.lcp))
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
console.log(
  `Targets (landing page): JS on wire ≤ ${targets.landingScriptKb} KB: ${landingJs.toFixed(1)} KB, ${verdict(landingJs <= targets.landingScriptKb)}; ` +
    `LCP ≤ ${targets.lcpMs} ms: ${ms(landingLcp)}, ${verdict(landingLcp <= targets.lcpMs)}.`,
)
if (builtEntry() !== entryBefore) {
  console.warn(
    'web/dist was rebuilt while this ran (another build?): these figures mix two builds; run again.',
  )
}
