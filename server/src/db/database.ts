import type { DatabaseDriver } from '@patentdesk/contract/health'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type * as schema from './schema'

/** The one Drizzle type both drivers satisfy: services and repositories never know which runs. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** A transaction of a bulk load: statements, and COPY of text-format rows (`db/copy-text.ts`). */
export type BulkTransaction = {
  /** Runs `statement` (a `COPY … FROM STDIN`) with `data` as its input. */
  copyFrom: (statement: string, data: string) => Promise<void>
  query: (statement: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
}

export type Database = {
  db: Db
  driver: DatabaseDriver
  /** Answers whether the database responds, for health checks. */
  ping: () => Promise<boolean>
  /** Runs `task` while holding a lock no other server process can take at the same time (migrations). */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>
  /** Runs `task` in one transaction on one connection, for a bulk load by COPY; rolled back if it throws. */
  bulk: <T>(task: (tx: BulkTransaction) => Promise<T>) => Promise<T>
  close: () => Promise<void>
  /**
   * PGlite only: runs `task` while no statement runs, after a checkpoint wrote every change to the data
   * directory's files: a copy of them made by `task` is a consistent database (backups).
   */
  whileStill?: <T>(task: () => Promise<T>) => Promise<T>
  /** PGlite only: a copy of the whole data directory, to start other instances from (tests). */
  dumpDataDir?: () => Promise<Blob>
  /** PostgreSQL only: the connection pool, for stores every instance shares (rate limits). */
  pool?: pg.Pool
}
