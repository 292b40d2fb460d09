import path from 'node:path'
import type { Config } from '~/config'
import type { Db } from '~/db/database'
import type { BlobStorage } from './blob-storage'
import { createDatabaseStorage } from './database-storage'
import { createLocalStorage } from './local-storage'

/** The data folder's store, where documents lived before the shared store (and what move-files reads). */
export const filesFolder = (dataDir: string) => path.join(dataDir, 'files')

/** The store the settings choose (STORAGE; by default the database when it is a shared PostgreSQL). */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>, db: Db): BlobStorage {
  return config.storage === 'database'
    ? createDatabaseStorage(db)
    : createLocalStorage(filesFolder(config.dataDir))
}
