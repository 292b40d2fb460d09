import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { createDatabase } from '~/db/client'
import { migrateDatabase } from '~/db/migrate'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated PGlite database. */
    templateDatabase: string
  }
}

/**
 * Vitest global setup of the PGlite suite: migrates one database per run and dumps it, which every test
 * file then loads. Creating and migrating one takes about 5 s, loading the dump under 1 s.
 */
export default async function setup(project: TestProject) {
  const database = await createDatabase({ driver: 'pglite' })
  await migrateDatabase(database)
  const dump = await database.dumpDataDir?.()
  await database.close()
  if (!dump) return
  const file = path.join(os.tmpdir(), `patentdesk-pglite-template-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('templateDatabase', file)
  return () => rm(file, { force: true })
}
