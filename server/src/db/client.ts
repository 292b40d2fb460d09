import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { lockDataDir } from './data-dir-lock'
import type { Database, Db } from './database'
import { unreachable } from './errors'
import { countWrites, registerWriteCount } from './read-memo'
import * as schema from './schema'

/** How long a request waits for a connection to PostgreSQL before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000

/** Any fixed number; it names PatentDesk's start-up lock among the server's advisory locks. */
const ADVISORY_LOCK_KEY = 7_334_210_511

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; maxConnections?: number }
  /** `dir` undefined means in memory; `loadDataDir` starts from a dump (tests clone a migrated one). */
  | { driver: 'pglite'; dir?: string; loadDataDir?: Blob }

/**
 * The parsers Drizzle hands PGlite with every query (drizzle-orm/pglite/session.js): dates, times and their
 * arrays stay text, for Drizzle's columns to map.
 */
const keepText = (value: string) => value
const drizzleParsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, keepText],
  ),
)

/**
 * PGlite merges a query's `parsers` into its own 318 on every query: 70 µs, half of what a `select 1` costs
 * through Drizzle. The client gets Drizzle's once, at creation, and a query that brings only those leaves
 * them out (docs/decisions/0013); one bringing any other goes through as given.
 */
function withoutPerQueryParsers(client: PGlite) {
  const query = client.query.bind(client)
  const covered = (parsers: NonNullable<QueryOptions['parsers']>) => {
    for (const oid in parsers) if (!(oid in drizzleParsers)) return false
    return true
  }
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (!options?.parsers || !covered(options.parsers)) return query(text, params, options)
    const { parsers: _same, ...rest } = options
    return query(text, params, rest)
  }) as PGlite['query']
  return client
}

/**
 * PostgreSQL's default 128MB of shared buffers fill PGlite's WebAssembly memory, which never shrinks; at 16MB
 * the OS page cache holds the data folder instead: 130 MB less after a restart, the same speed but for a
 * full-text search in the database itself (docs/decisions/0015). A start parameter, not `postgresqlconf`:
 * that option overwrites the folder's postgresql.conf, initdb's text search configuration and time zone too.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']

async function openPglite(options: { dir?: string; loadDataDir?: Blob }) {
  const release = options.dir ? lockDataDir(options.dir) : () => {}
  try {
    if (options.dir) fs.mkdirSync(options.dir, { recursive: true })
    const client = await PGlite.create(options.dir, {
      loadDataDir: options.loadDataDir,
      parsers: drizzleParsers,
      startParams,
    })
    return { client: withoutPerQueryParsers(client), release }
  } catch (error) {
    release()
    throw error
  }
}

/**
 * Transactions on a connection of their own, always given back. Drizzle's pooled `transaction` sends BEGIN
 * before the `try` that releases its client, and releases a client whose rollback failed as healthy
 * (drizzle-orm issues 6241 and 6114, open): a connection lost at BEGIN during an outage was never given
 * back, and after a few of them the pool was empty for good. Here Drizzle runs the transaction on a client
 * checked out for it, and the client goes back to the pool, or is dropped when its connection is lost.
 */
function releasingTransaction(pool: pg.Pool): Db['transaction'] {
  return async (task, config) => {
    const client = await pool.connect()
    let lost: Error | undefined
    try {
      return await drizzlePg(client, { schema }).transaction(task, config)
    } catch (error) {
      if (unreachable(error)) lost = error as Error
      throw error
    } finally {
      client.release(lost)
    }
  }
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // A database that does not answer a connection fails the request within this, as a 503, rather than
      // holding it for the system's TCP timeout (minutes); keep-alive finds a silently dead connection.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    })
    // An idle connection the server closed (restart, failover, admin command) is dropped by the pool and
    // replaced on demand; without a listener Node would treat the event as fatal and stop the process.
    pool.on('error', () => {})
    // So is one lost while checked out, between a transaction's statements: the pool listens only to idle
    // ones. The statement in flight fails by itself, the next is refused, and the release drops the client.
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    db.transaction = releasingTransaction(pool)
    return {
      db,
      driver: 'postgres',
      ping: () => ping(db),
      exclusive: async (task) => {
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEY])
          return await task()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => {})
          client.release()
        }
      },
      bulk: async (task) => {
        const client = await pool.connect()
        try {
          await client.query('begin')
          const result = await task({
            copyFrom: (statement, data) => pipeline(Readable.from([data]), client.query(copyFrom(statement))),
            query: (statement, params) => client.query(statement, params),
          })
          await client.query('commit')
          return result
        } catch (error) {
          await client.query('rollback').catch(() => {})
          throw error
        } finally {
          client.release()
        }
      },
      close: () => pool.end(),
      pool,
    }
  }
  const { client, release } = await openPglite(options)
  const writes = countWrites(client)
  const db = drizzlePglite(client, { schema }) as unknown as Db
  registerWriteCount(db, writes)
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    // One process owns a PGlite folder (see lockDataDir), so there is nobody to exclude.
    exclusive: (task) => task(),
    // PGlite reads a COPY's input from the blob it is given, as the file '/dev/blob'.
    bulk: (task) =>
      client.transaction((tx) =>
        task({
          copyFrom: async (statement, data) => {
            await tx.query(statement.replace(/\bfrom stdin\b/i, "from '/dev/blob'"), [], {
              blob: new Blob([data]),
            })
          },
          query: (statement, params) =>
            tx.query<Record<string, unknown>>(statement, params).then(({ rows }) => ({ rows })),
        }),
      ),
    close: async () => {
      await client.close()
      release()
    },
    whileStill: async (task) => {
      await client.exec('checkpoint')
      return client.runExclusive(task)
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  }
}

async function ping(db: Db) {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

export function pgliteDir(dataDir: string) {
  return path.join(dataDir, 'pglite')
}
