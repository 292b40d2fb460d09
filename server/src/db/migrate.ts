import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { serverPaths } from '~/paths'
import type { Database } from './database'
import type * as schema from './schema'

const migrationsFolder = serverPaths.migrations

/**
 * Applies the committed migrations; the same files serve both drivers. Several servers starting at
 * once against one PostgreSQL take turns, so each migration runs once.
 */
export function migrateDatabase(database: Database) {
  return database.exclusive(() =>
    database.driver === 'postgres'
      ? migratePg(database.db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder })
      : migratePglite(database.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder }),
  )
}
