import type { Config } from '~/config'
import { createDatabase, pgliteDir } from './client'
import { migrateDatabase } from './migrate'

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrates it. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  const database = config.databaseUrl
    ? await createDatabase({ driver: 'postgres', url: config.databaseUrl })
    : await createDatabase({ driver: 'pglite', dir: pgliteDir(config.dataDir) })
  try {
    await migrateDatabase(database)
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}
