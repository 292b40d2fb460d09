/**
 * Starts the browser tests' server, runs a command while it starts, then the browser tests against it.
 *
 *   tsx e2e/with-server.ts "npm run typecheck && npm run test:unit" [playwright test arguments]
 *
 * The server's first start loads the shipped corpus (about 80 s, mostly one core): `npm test` spends that
 * time type-checking and running the unit tests instead of waiting. The server is the one Playwright's
 * `webServer` would start (same command, settings and fresh data folder), started earlier; Playwright then
 * finds it listening and uses it (E2E_REUSE=1). Build the client first: the server serves web/dist as it
 * finds it at start. Exits with the first failure's code, and always stops the server.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { baseURL, server } from './support'

const root = path.resolve(import.meta.dirname, '..')
// tsx hands the tsconfig this script runs under to every child process: the commands choose their own.
delete process.env.TSX_TSCONFIG_PATH
const [during = 'true', ...playwrightArgs] = process.argv.slice(2)

function run(command: string, env: NodeJS.ProcessEnv = process.env) {
  return spawn(command, { cwd: root, env, shell: true, stdio: 'inherit' })
}

async function exitCode(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? 1
  const [code, signal] = await once(child, 'exit')
  return code ?? (signal ? 1 : 0)
}

/** Waits until the server answers its health check, or fails when it exits first. */
async function ready(child: ChildProcess) {
  const exited = exitCode(child).then(() => 'exited' as const)
  for (;;) {
    const ok = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return true
    const next = new Promise<'again'>((resolve) => setTimeout(resolve, 500, 'again'))
    if ((await Promise.race([exited, next])) === 'exited') return false
  }
}

// In a process group of its own (npm, sh, tsx, node), to stop all of it at the end. Its output (warnings
// and errors: LOG_LEVEL=warn) goes through a pipe, as under Playwright: no progress bar amid the other output.
const app = spawn(server.command, {
  cwd: root,
  env: { ...process.env, ...server.env },
  shell: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
})
app.stdout?.pipe(process.stderr)
app.stderr?.pipe(process.stderr)
const stopServer = () => {
  if (app.pid && app.exitCode === null && app.signalCode === null) process.kill(-app.pid, 'SIGTERM')
}
// Ctrl-C reaches the command and Playwright (they share this terminal's group), but not the server.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopServer()
    process.exit(130)
  })
let code = 1
try {
  code = await exitCode(run(during))
  if (code === 0) {
    if (await ready(app))
      code = await exitCode(
        run(['npx playwright test --config e2e/playwright.config.ts', ...playwrightArgs].join(' '), {
          ...process.env,
          E2E_REUSE: '1',
        }),
      )
    else {
      console.error('The browser tests’ server stopped before it was ready.')
      code = 1
    }
  }
} finally {
  stopServer()
  await exitCode(app)
}
process.exit(code)
