import { type ChildProcess, spawn } from 'node:child_process'
import { EventEmitter, once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'

const root = path.resolve(import.meta.dirname, '../../..')

async function freePort() {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as net.AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export type RealServer = Awaited<ReturnType<ReturnType<typeof realServers>['start']>>

/**
 * Servers as `npm start` runs them, each a process of its own on the embedded database without the corpus
 * (or another entry point with the same settings), for a file's tests; `stopAll` kills what is left and
 * removes the data folders it made.
 */
export function realServers() {
  const started: { child: ChildProcess; made: string | undefined }[] = []
  return {
    /** A server on `dataDir` (a new empty folder by default), once it is ready. */
    async start({
      env = {},
      entry = 'server/src/main.ts',
      dataDir,
    }: {
      env?: Record<string, string>
      entry?: string
      dataDir?: string
    } = {}) {
      const made = dataDir ? undefined : await mkdtemp(path.join(os.tmpdir(), 'patentdesk-server-'))
      const port = await freePort()
      const child = spawn(process.execPath, ['--import', 'tsx', entry], {
        cwd: root,
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
      started.push({ child, made })
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
        child.kill('SIGKILL')
        if (made) await rm(made, { recursive: true, force: true })
      }
    },
  }
}
