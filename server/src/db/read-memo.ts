import type { PGlite } from '@electric-sql/pglite'
import type { Db } from './database'

/** A plain read: SELECT, not locking rows. Anything else (a CTE, a function call) counts as a write. */
const PLAIN_READ = /^\s*select\b/i
const LOCKING = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i

/** Counts the writes of a PGlite database; bumped before each runs, so a read under way cannot miss one. */
export type WriteCount = { value: number }

const writeCounts = new WeakMap<Db, WriteCount>()

/**
 * Makes `client` count its writes. PGlite serves one process (the data folder is locked) and runs one
 * statement at a time, so every change passes through this client: any statement but a plain SELECT, and
 * every transaction at its start and its end, counts.
 */
export function countWrites(client: PGlite) {
  const count: WriteCount = { value: 0 }
  const isWrite = (text: string) => !PLAIN_READ.test(text) || LOCKING.test(text)
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  client.query = ((text: string, ...rest: unknown[]) => {
    if (isWrite(text)) count.value++
    return query(text, ...(rest as []))
  }) as PGlite['query']
  client.exec = (text, options) => {
    if (isWrite(text)) count.value++
    return exec(text, options)
  }
  client.transaction = async (task) => {
    count.value++
    try {
      return await transaction(task)
    } finally {
      count.value++
    }
  }
  return count
}

export function registerWriteCount(db: Db, count: WriteCount) {
  writeCounts.set(db, count)
}

/** Enough for every user of a single-process server; past it the memo starts afresh. */
const MAX_ENTRIES = 10_000

/**
 * A hot read's answers, kept on PGlite until the database's next write (any write: simple, and a write is
 * rare beside the reads that pay off). With PostgreSQL other servers write too, and every call reads.
 * Answers are shared between callers, so they must not be changed (docs/decisions/0013).
 */
export function memoUntilWrite<K, V>(read: (db: Db, key: K) => Promise<V>) {
  const memos = new WeakMap<Db, Map<K, { writes: number; value: V }>>()
  return async (db: Db, key: K): Promise<V> => {
    const count = writeCounts.get(db)
    if (!count) return read(db, key)
    const entries = memos.get(db) ?? new Map()
    memos.set(db, entries)
    const entry = entries.get(key)
    if (entry?.writes === count.value) return entry.value
    const writes = count.value
    const value = await read(db, key)
    if (writes === count.value) {
      if (entries.size >= MAX_ENTRIES) entries.clear()
      entries.set(key, { writes, value })
    }
    return value
  }
}
