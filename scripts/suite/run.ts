/**
 * `npm test`: every runner of the project, then one line per runner with its counts and time.
 *
 *   tsx scripts/suite/run.ts [playwright test arguments]
 *
 * The client is built first: the browser tests' server serves web/dist as it finds it at start. That server
 * then starts on a fresh data folder, and its first start loads the browser tests' corpus (5,001 patents,
 * ready in about 25 s here), while lint, the type check and Vitest run; Playwright then finds it listening
 * (E2E_REUSE=1). Stops at the first failure, always stops the server, and prints the summary whatever
 * happened, so a reader sees at once what ran.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { baseURL, server } from '../../e2e/support'
import { type Step, summary } from './summary'

const root = path.resolve(import.meta.dirname, '../..')
// tsx hands the tsconfig this script runs under to every child process: the commands choose their own.
delete process.env.TSX_TSCONFIG_PATH
const playwrightArgs = process.argv.slice(2)
const started = performance.now()
const seconds = (since: number) => (performance.now() - since) / 1000

async function exitCode(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? 1
  const [code, signal] = await once(child, 'exit')
  return code ?? (signal ? 1 : 0)
}

/**
 * The steps, a group at a time. Lint and the type check run side by side, each on a core, while the server
 * loads its corpus: one after the other, they left a core idle once the server was ready.
 */
const groups: Step[][] = [
  [{ name: 'build', command: 'npm run build', startsServer: true }],
  [
    { name: 'lint', command: 'npm run lint' },
    { name: 'typecheck', command: 'npm run typecheck' },
  ],
  [{ name: 'vitest', command: 'npm run test:unit' }],
  [
    {
      name: 'playwright',
      command: ['npx playwright test --config e2e/playwright.config.ts', ...playwrightArgs].join(' '),
      env: { E2E_REUSE: '1' },
      needsServer: true,
    },
  ],
]
const steps = groups.flat()

/** The browser tests' server, in a process group of its own (npm, sh, tsx, node) to stop all of it at the end. */
let app: ChildProcess | undefined
let ready: Promise<boolean> | undefined
let readyAfter: number | undefined

function startServer() {
  // Its output (warnings and errors: LOG_LEVEL=warn) goes through a pipe, as under Playwright: no progress
  // bar amid the other output.
  const child = spawn(server.command, {
    cwd: root,
    env: { ...process.env, ...server.env },
    shell: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  child.stdout?.pipe(process.stderr)
  child.stderr?.pipe(process.stderr)
  app = child
  // Ready once it answers its health check; not if it exits first.
  const exited = exitCode(child).then(() => false)
  const healthy = (async () => {
    for (;;) {
      const ok = await fetch(`${baseURL}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) {
        readyAfter = seconds(started)
        return true
      }
      if (child.exitCode !== null || child.signalCode !== null) return false
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  })()
  ready = Promise.race([healthy, exited])
}

function stopServer() {
  if (app?.pid && app.exitCode === null && app.signalCode === null) process.kill(-app.pid, 'SIGTERM')
}

// Ctrl-C reaches the commands (they share this terminal's group), but not the server.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopServer()
    process.exit(130)
  })

/**
 * Runs a step's command. Beside another, its output is held and printed whole when it ends, so two
 * commands' lines never interleave.
 */
async function run(step: Step, beside: boolean) {
  const since = performance.now()
  const child = spawn(step.command, {
    cwd: root,
    env: { ...process.env, ...step.env },
    shell: true,
    stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  })
  const output: Buffer[] = []
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => output.push(chunk))
  // 'close' comes once the output is all read, after the exit.
  const [exit, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null]
  process.stdout.write(Buffer.concat(output))
  const code = exit ?? (signal ? 1 : 0)
  step.result = { code, seconds: seconds(since) }
  return code
}

let code = 0
try {
  for (const group of groups) {
    if (group.some((step) => step.needsServer) && !(await ready)) {
      console.error('The browser tests’ server stopped before it was ready.')
      code = 1
      break
    }
    const codes = await Promise.all(group.map((step) => run(step, group.length > 1)))
    code = codes.find((c) => c !== 0) ?? 0
    if (code !== 0) break
    if (group.some((step) => step.startsServer)) startServer()
  }
} finally {
  stopServer()
  if (app) await exitCode(app)
}
console.log(summary(steps, { total: seconds(started), serverReady: readyAfter }))
process.exit(code)
