import { type ChildProcess, spawn } from 'node:child_process'
import { EventEmitter, once } from 'node:events'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'

const root = path.resolve(import.meta.dirname, '../../..')

/** A port no one listens on now, for a server of a test's own. */
export async function freePort() {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export type RealServer = Awaited<ReturnType<ReturnType<typeof realServers>['start']>>

/**
 * The command of a server: its sources under tsx, or a build (scripts/build-server.mjs) run by npm as
 * `npm start` runs it: the package's `serve` command on that build, with npm as the parent that passes on
 * the signals its process group gets.
 */
async function commandOf(entry: string, built: string | undefined) {
  if (!built) return { file: process.execPath, args: ['--import', 'tsx', entry], cwd: root, made: undefined }
  const { scripts } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'))
  const serve = String(scripts.serve).replace('server/dist/', `${built}/`)
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'patentdesk-package-'))
  await writeFile(path.join(cwd, 'package.json'), JSON.stringify({ private: true, scripts: { serve } }))
  return { file: 'npm', args: ['run', '--silent', 'serve'], cwd, made: cwd }
}

/**
 * Servers for a file's tests, each a process of its own on the embedded database without the corpus: the
 * server's sources under tsx (or another entry point with the same settings), or a build run by npm as
 * `npm start` runs it, in a process group of its own. `stopAll` kills what is left and removes the folders
 * it made.
 */
export function realServers() {
  const started: { child: ChildProcess; made: (string | undefined)[] }[] = []
  return {
    /** A server on `dataDir` (a new empty folder by default), once it is ready. */
    async start({
      env = {},
      entry = 'server/src/main.ts',
      dataDir,
      built,
    }: {
      env?: Record<string, string>
      entry?: string
      dataDir?: string
      /** A build of the server (its folder, absolute), run as `npm start` runs server/dist. */
      built?: string
    } = {}) {
      const made = dataDir ? undefined : await mkdtemp(path.join(os.tmpdir(), 'patentdesk-server-'))
      const port = await freePort()
      const command = await commandOf(entry, built)
      const child = spawn(command.file, command.args, {
        cwd: command.cwd,
        detached: built !== undefined,
        env: {
          ...process.env,
          TSX_TSCONFIG_PATH: 'server/tsconfig.json',
          DATA_DIR: dataDir ?? made,
          DATABASE_URL: '',
          PORT: String(port),
          HOST: '127.0.0.1',
          CORPUS: 'none',
          LOG_LEVEL: 'info',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      started.push({ child, made: [made, command.made] })
      const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
      const messages: string[] = []
      const said = new EventEmitter()
      const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream })
      lines.on('line', (line) => {
        try {
          const { msg } = JSON.parse(line) as { msg: string }
          messages.push(msg)
          said.emit('message', msg)
        } catch {
          // Not a log line.
        }
      })
      /** Once the server has logged a message starting with `text` (at once if it already has): the event a test waits for. */
      const logged = (text: string) =>
        new Promise<void>((resolve, reject) => {
          if (messages.some((m) => m.startsWith(text))) return resolve()
          const heard = (msg: string) => {
            if (!msg.startsWith(text)) return
            said.off('message', heard)
            resolve()
          }
          said.on('message', heard)
          exited.then(([code]) => reject(new Error(`the server ended with ${code} before logging "${text}"`)))
        })
      await logged('PatentDesk is ready')
      return { child, port, exited, messages, logged, url: `http://127.0.0.1:${port}` }
    },
    async stopAll() {
      for (const { child, made } of started) {
        if (child.exitCode === null && child.signalCode === null) {
          if (child.spawnargs[0] === 'npm' && child.pid) process.kill(-child.pid, 'SIGKILL')
          else child.kill('SIGKILL')
        }
        for (const folder of made) if (folder) await rm(folder, { recursive: true, force: true })
      }
    },
  }
}
