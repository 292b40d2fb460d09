/** A real server for the benchmarks, started as `npm start` starts it, on a fresh data folder or database. */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'

const root = path.resolve(import.meta.dirname, '..')

/** A port of this benchmark process's own, so two benchmarks at once do not meet. */
export const benchPort = 20_000 + (process.pid % 10_000)

type ServerOptions = {
  dataDir: string
  /** Empty: PGlite in `dataDir`. */
  databaseUrl: string
  corpus: string
  port: number
  /** Options for Node itself, such as `--cpu-prof`. */
  nodeOptions?: string[]
  /** Further settings for the server. */
  env?: Record<string, string>
}

/**
 * Node itself, with tsx as a loader (not the tsx CLI, which would run the server in a child process of its
 * own): the process measured is the server.
 */
export function startServer({
  dataDir,
  databaseUrl,
  corpus,
  port,
  nodeOptions = [],
  env = {},
}: ServerOptions) {
  return spawn(process.execPath, [...nodeOptions, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'server/tsconfig.json',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CORPUS: corpus,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

/** Waits until `/api/health` answers 200; the time it took in ms. */
export async function waitForHealth(server: ChildProcess, base: string) {
  const started = performance.now()
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server ended with ${server.exitCode}`)
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** A fresh database of its own on the PostgreSQL server of `url`, dropped by the returned function. */
export async function freshDatabase(url: string, prefix: string) {
  const name = `patentdesk_${prefix}_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const own = new URL(url)
  own.pathname = `/${name}`
  return {
    url: own.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
    /** Leaves the database in place. */
    keep: () => admin.end(),
  }
}

/**
 * A server on an empty data folder of its own, with PGlite, or with `postgresUrl` on a fresh PostgreSQL
 * database of its own; `stop` ends it and removes both.
 */
export async function launchServer(
  name: string,
  options: { postgresUrl?: string; corpus: string; nodeOptions?: string[]; env?: Record<string, string> },
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `patentdesk-${name}-`))
  const database = options.postgresUrl ? await freshDatabase(options.postgresUrl, name) : undefined
  const server = startServer({
    dataDir,
    databaseUrl: database?.url ?? '',
    corpus: options.corpus,
    port: benchPort,
    nodeOptions: options.nodeOptions,
    env: options.env,
  })
  return {
    server,
    driver: database ? 'PostgreSQL' : 'PGlite',
    async stop() {
      server.kill('SIGTERM')
      await once(server, 'exit')
      await database?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
