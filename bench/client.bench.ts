/**
 * What a first visit costs in the browser, for every public page and the dashboard (signed in): the
 * JavaScript and total bytes on the wire and the paints, in Debian's headless Chromium with a fresh context
 * (cold HTTP cache) for every page load, median of --runs loads; then Lighthouse's four scores for each page
 * (mobile profile, simulated slow 4G and a 4x slower CPU, its defaults), median of --lighthouse-runs runs.
 *   npm run bench:client [-- --data-dir <folder>] [--runs 5] [--lighthouse-runs 3] [--first-visit-runs 3]
 *     [--port 3120] [--no-build] [--only 'SerpApi search,dashboard']
 * It first runs scripts/build-if-changed.mjs, so web/dist is the build of the current sources (a no-op
 * when it already is); --no-build measures whatever web/dist holds. Then it starts the real server as
 * `npm run serve` does, on its own port with its own data folder: an empty one by default (the first start
 * loads the 47,000-patent corpus, about 80 s here) removed afterwards, or --data-dir, a folder kept and
 * reused by later runs (seconds to start). One load of each page before the measured ones warms the
 * server (its JIT and caches), never the browser: every measured load has an empty cache.
 * Bytes are what the server sent, as Chromium's network layer counts them (CDP Network.loadingFinished
 * encodedDataLength: compressed body plus headers); "decoded" is the JavaScript after decompression.
 * Lighthouse drives its own Chromium (the same /usr/bin/chromium, started by chrome-launcher) through a
 * puppeteer-core page in a fresh browser context each run, so the signed-in session can be put in localStorage
 * by a script that runs before the page's own (Lighthouse clears the cache itself); --lighthouse-runs 0 skips it.
 * Last, the first visit as the Lighthouse command line measures it (issue 44): the same run in a browser started
 * for it alone, with each page's main-thread time by kind of work and by script (`mainthread-work-breakdown`,
 * `bootup-time`) and Lighthouse's benchmark index of the machine; --first-visit-runs 0 skips it.
 */
import { type ChildProcess, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' }
import puppeteer, { type Browser as PuppeteerBrowser } from 'puppeteer-core'
import { chromiumLaunchOptions } from '../e2e/chromium'
import { startServer, waitForHealth } from './server'

const root = path.resolve(import.meta.dirname, '..')
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'first-visit-runs': { type: 'string', default: '3' },
    port: { type: 'string', default: '3120' },
    'no-build': { type: 'boolean', default: false },
    /** Names of the pages to measure, comma-separated (all by default): to compare one change quickly. */
    only: { type: 'string' },
  },
})
const runs = Number(values.runs)
const lighthouseRuns = Number(values['lighthouse-runs'])
const firstVisitRuns = Number(values['first-visit-runs'])
const lighthouseVersion = lighthousePackage.version
const port = Number(values.port)
const base = `http://127.0.0.1:${port}`
/** Quiet time after the load event before the paint entries are read (as Playwright's networkidle). */
const SETTLE_MS = 500
const targets = { landingScriptKb: 200, lcpMs: 1000, lighthouseScore: 90, firstVisitTbtMs: 200 }

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

/**
 * Every public page and the dashboard, as issue 44 measured them: the SerpApi search with results, the
 * comparison of two patents and the details of the first of them (the first two patents a search for "battery"
 * finds, so the pages show real content whatever corpus the data folder holds); the empty forms too.
 */
function pagesToMeasure([first, second]: [string, string]): Page[] {
  const refs = [first, second].map(encodeURIComponent).join(',')
  return [
    { name: 'landing', path: '/', signedIn: false },
    { name: 'login', path: '/login', signedIn: false },
    { name: 'register', path: '/register', signedIn: false },
    { name: 'forgot password', path: '/forgot-password', signedIn: false },
    { name: 'search', path: '/search?q=battery', signedIn: false },
    { name: 'SerpApi search', path: '/serpapi-search?q=battery', signedIn: false },
    { name: 'SerpApi search, empty', path: '/serpapi-search', signedIn: false },
    { name: 'comparison', path: `/patent-comparison?refs=${refs}`, signedIn: false },
    { name: 'comparison, empty', path: '/patent-comparison', signedIn: false },
    { name: 'analysis', path: '/patent-analysis', signedIn: false },
    { name: 'details', path: `/patent-details/${encodeURIComponent(first)}`, signedIn: false },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
  ]
}

/** The references of the first two patents a search for "battery" answers, for the details and comparison. */
async function twoPatentReferences(): Promise<[string, string]> {
  const response = await fetch(`${base}/api/public/serpapi/patents?q=battery&num=2`)
  if (!response.ok) throw new Error(`the search answered ${response.status}: ${await response.text()}`)
  const { patents } = (await response.json()) as { patents: { reference: string }[] }
  const [first, second] = patents
  if (!first || !second) throw new Error('the search for "battery" found fewer than two patents')
  return [first.reference, second.reference]
}

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

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const

type LighthouseLoad = {
  scores: Record<(typeof categories)[number], number>
  /** Lantern's simulated figures (mobile, slow 4G), ms; CLS unitless. */
  fcp: number
  lcp: number
  tbt: number
  cls: number
  scripts: number
  scriptBytes: number
  /** Audits below a full score outside performance, with their title, to see what costs points. */
  failing: string[]
  /** Lighthouse's measure of this machine's speed (its CPU benchmark; a fast desktop is about 2,000). */
  benchmarkIndex: number
  /** Main-thread time by kind of work (script evaluation, style and layout…), ms, 4x slowed. */
  mainThread: Record<string, number>
  /** Main-thread time by script (`bootup-time`): its evaluation and compilation, ms, 4x slowed. */
  scriptTime: Record<string, number>
}

/** The rows of a Lighthouse table audit as name → ms. */
function auditTable(
  lhr: { audits: Record<string, { details?: unknown }> },
  id: string,
  name: string,
  value: string,
) {
  const details = lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined
  return Object.fromEntries(
    (details?.items ?? []).map((item) => [String(item[name]).replace(base, ''), Number(item[value] ?? 0)]),
  )
}

/** A Chromium for Lighthouse, and puppeteer-core connected to it (Lighthouse takes a puppeteer page). */
async function launchForLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  })
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  })
  return { chrome, browser }
}

/**
 * One Lighthouse navigation in a new browser context, with Lighthouse's defaults: the mobile profile,
 * simulated throttling, the browser's cache cleared first. A signed-in page gets the session in localStorage
 * from a script that runs at the start of every document of the tab, before the page's own scripts.
 */
async function runLighthouse(
  browser: PuppeteerBrowser,
  page: Page,
  session: Awaited<ReturnType<typeof registerUser>>,
): Promise<LighthouseLoad> {
  // A context of its own, as each load above: Lighthouse clears the cache but not localStorage, so a session
  // put there for the dashboard would otherwise sign in every page measured after it.
  const context = await browser.createBrowserContext()
  const tab = await context.newPage()
  try {
    if (page.signedIn) {
      // A string, as readPaints: this file is type-checked with Node's types. about:blank comes first.
      const put = (key: string, value: string) =>
        `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)})`
      await tab.evaluateOnNewDocument(
        `if (location.origin === ${JSON.stringify(base)}) {
          ${put('patentdesk.token', session.token)}
          ${put('patentdesk.user', JSON.stringify(session.user))}
        }`,
      )
    }
    const result = await lighthouse(
      `${base}${page.path}`,
      { logLevel: 'error', output: 'json', onlyCategories: [...categories] },
      undefined,
      tab,
    )
    if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`)
    const { lhr } = result
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`)
    if (!lhr.finalDisplayedUrl.endsWith(page.path)) {
      throw new Error(`${page.path} went to ${lhr.finalDisplayedUrl} under Lighthouse`)
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const requests = lhr.audits['network-requests']?.details
    const items = requests && 'items' in requests ? (requests.items as Record<string, unknown>[]) : []
    const scripts = items.filter((item) => item.resourceType === 'Script')
    const failing = categories
      .filter((id) => id !== 'performance')
      .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.title})`)
    return {
      scores: Object.fromEntries(
        categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      ) as LighthouseLoad['scores'],
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      scripts: scripts.length,
      scriptBytes: scripts.reduce((total, item) => total + Number(item.transferSize ?? 0), 0),
      failing,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      mainThread: auditTable(lhr, 'mainthread-work-breakdown', 'groupLabel', 'duration'),
      scriptTime: auditTable(lhr, 'bootup-time', 'url', 'scripting'),
    }
  } finally {
    await context.close()
  }
}

/**
 * A first visit as the Lighthouse command line measures it: a browser of its own for the one run (chrome-launcher's
 * fresh profile: no HTTP cache, no compiled-code cache, a cold GPU process), closed afterwards.
 */
async function firstVisit(page: Page, session: Awaited<ReturnType<typeof registerUser>>) {
  const { chrome, browser } = await launchForLighthouse()
  try {
    return await runLighthouse(browser, page, session)
  } finally {
    await browser.disconnect()
    chrome.kill()
  }
}

/**
 * Lighthouse now and then loses the start of a page's trace on this machine (NO_NAVSTART, a runtime error of
 * its own, not of the page): such a run is made again, twice at most.
 */
async function withRetries<T>(run: () => Promise<T>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt === 3 || !String(error).includes('Lighthouse on')) throw error
      console.warn(`  ${String(error)}; running it again`)
    }
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
const audits = new Map<string, LighthouseLoad[]>()
const firstVisits = new Map<string, LighthouseLoad[]>()
let browserVersion = ''
let pages: Page[] = []
try {
  const startMs = await waitForHealth(server, base)
  console.log(`Server ready after ${(startMs / 1000).toFixed(1)} s; ${runs} cold loads per page.`)
  const session = await registerUser()
  const only = values.only?.split(',').map((name) => name.trim())
  pages = pagesToMeasure(await twoPatentReferences()).filter((page) => !only || only.includes(page.name))
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
  if (lighthouseRuns > 0) {
    console.log(`Lighthouse: ${lighthouseRuns} runs per page…`)
    const { chrome, browser: lighthouseBrowser } = await launchForLighthouse()
    try {
      for (let run = 0; run < lighthouseRuns; run++) {
        for (const page of pages) {
          const load = await withRetries(() => runLighthouse(lighthouseBrowser, page, session))
          audits.set(page.name, [...(audits.get(page.name) ?? []), load])
        }
        const latest = pages.map((page) => audits.get(page.name)?.at(-1)?.scores.performance)
        console.log(`  run ${run + 1}: performance ${latest.join(' ')}`)
      }
    } finally {
      await lighthouseBrowser.disconnect()
      chrome.kill()
    }
  }
  if (firstVisitRuns > 0) {
    console.log(
      `First visits (a fresh browser per run, as the Lighthouse command line): ${firstVisitRuns} per page…`,
    )
    for (let run = 0; run < firstVisitRuns; run++) {
      for (const page of pages) {
        const load = await withRetries(() => firstVisit(page, session))
        firstVisits.set(page.name, [...(firstVisits.get(page.name) ?? []), load])
      }
      const latest = pages.map((page) => firstVisits.get(page.name)?.at(-1)?.tbt.toFixed(0))
      console.log(`  run ${run + 1}: total blocking time ${latest.join(' ')} ms`)
    }
  }
} finally {
  await stopServer(server)
  if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true })
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
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

/** The median of each Lighthouse figure per page, as a table row. */
function lighthouseRows(loadsOf: Map<string, LighthouseLoad[]>) {
  return pages.map((page) => {
    const loads = loadsOf.get(page.name) ?? []
    const of = (pick: (load: LighthouseLoad) => number) => median(loads.map(pick))
    return {
      page: `${page.name} ${page.path}`,
      performance: of((load) => load.scores.performance),
      accessibility: of((load) => load.scores.accessibility),
      'best practices': of((load) => load.scores['best-practices']),
      SEO: of((load) => load.scores.seo),
      FCP: ms(of((load) => load.fcp)),
      LCP: ms(of((load) => load.lcp)),
      TBT: ms(of((load) => load.tbt)),
      CLS: of((load) => load.cls).toFixed(3),
      'JS files': of((load) => load.scripts),
      'JS on wire': kb(of((load) => load.scriptBytes)),
      'benchmark index': of((load) => load.benchmarkIndex),
    }
  })
}

/** Every score at least the target on every page: the verdict line. */
function scoresVerdict(rows: ReturnType<typeof lighthouseRows>) {
  const below = rows.filter((row) =>
    [row.performance, row.accessibility, row['best practices'], row.SEO].some(
      (score) => score < targets.lighthouseScore,
    ),
  )
  return (
    `each Lighthouse score ≥ ${targets.lighthouseScore}: ${verdict(below.length === 0)}` +
    (below.length > 0 ? ` (${below.map((row) => row.page).join(', ')})` : '.')
  )
}

/** The median of each name's ms over the runs, largest first, those of at least `floor` ms. */
function medianTimes(
  loads: LighthouseLoad[],
  pick: (load: LighthouseLoad) => Record<string, number>,
  floor: number,
) {
  const names = new Set(loads.flatMap((load) => Object.keys(pick(load))))
  return [...names]
    .map((name) => [name, median(loads.map((load) => pick(load)[name] ?? 0))] as const)
    .filter(([, value]) => value >= floor)
    .sort((a, b) => b[1] - a[1])
    .map(([name, value]) => `${name} ${value.toFixed(0)}`)
    .join(', ')
}

/** The audits outside performance that cost a page points in any run. */
function printLostPoints(loadsOf: Map<string, LighthouseLoad[]>) {
  for (const page of pages) {
    const failing = new Set((loadsOf.get(page.name) ?? []).flatMap((load) => load.failing))
    if (failing.size > 0) console.log(`${page.name} lost points on: ${[...failing].join('; ')}`)
  }
}

if (lighthouseRuns > 0) {
  const rows = lighthouseRows(audits)
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile profile (simulated slow 4G, 4x CPU slowdown), one browser kept, a new context per run, median of ${lighthouseRuns} runs per page:`,
  )
  console.table(rows)
  printLostPoints(audits)
  console.log(`Target (every page): ${scoresVerdict(rows)}`)
}

if (firstVisitRuns > 0) {
  const rows = lighthouseRows(firstVisits)
  console.log(
    `\nFirst visit: Lighthouse ${lighthouseVersion} as its command line runs it, a fresh browser per run, mobile profile, median of ${firstVisitRuns} runs per page:`,
  )
  console.table(rows)
  printLostPoints(firstVisits)
  for (const page of pages) {
    const loads = firstVisits.get(page.name) ?? []
    console.log(
      `${page.name}: main thread (ms, 4x slowed) ${medianTimes(loads, (load) => load.mainThread, 10)}`,
    )
    console.log(`  scripts (evaluation ms) ${medianTimes(loads, (load) => load.scriptTime, 10)}`)
  }
  const blocking = rows.filter((row) => Number.parseFloat(row.TBT) > targets.firstVisitTbtMs)
  console.log(
    `Targets (first visit, every page): total blocking time ≤ ${targets.firstVisitTbtMs} ms: ${verdict(blocking.length === 0)}` +
      (blocking.length > 0 ? ` (${blocking.map((row) => `${row.page} ${row.TBT}`).join(', ')})` : '') +
      `; ${scoresVerdict(rows)}`,
  )
}

const landing = results.get('landing') ?? []
const landingJs = median(landing.map((load) => load.scriptBytes)) / 1024
const landingLcp = median(landing.map((load) => load.lcp))
console.log(
  `Targets (landing page): JS on wire ≤ ${targets.landingScriptKb} KB: ${landingJs.toFixed(1)} KB, ${verdict(landingJs <= targets.landingScriptKb)}; ` +
    `LCP ≤ ${targets.lcpMs} ms: ${ms(landingLcp)}, ${verdict(landingLcp <= targets.lcpMs)}.`,
)
if (builtEntry() !== entryBefore) {
  console.warn(
    'web/dist was rebuilt while this ran (another build?): these figures mix two builds; run again.',
  )
}
