/**
 * Document bytes in the data folder against the shared store in the database: the time to store and to
 * stream back a file of the largest allowed size, and the process's resident memory growth while doing it.
 * The database store runs on a fresh PostgreSQL database of its own (dropped after) and on PGlite in a
 * fresh folder on disk.
 *
 *   npm run bench:storage [-- --database-url postgres://postgres@127.0.0.1:5432/postgres]
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { fileRules } from '@patentdesk/contract/file-kinds'
import { createDatabase } from '~/db/client'
import { migrateDatabase } from '~/db/migrate'
import type { BlobStorage } from '~/providers/storage/blob-storage'
import { createDatabaseStorage } from '~/providers/storage/database-storage'
import { createLocalStorage } from '~/providers/storage/local-storage'
import { freshDatabase } from './server'

const { values } = parseArgs({
  options: { 'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' } },
})
const ROUNDS = 20
const bytes = randomBytes(fileRules.upload.maxBytes)

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

async function measure(name: string, storage: BlobStorage) {
  const puts: number[] = []
  const gets: number[] = []
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  for (let round = 0; round < ROUNDS; round++) {
    const key = `bench/${round}`
    let started = performance.now()
    await storage.put(key, bytes)
    puts.push(performance.now() - started)
    started = performance.now()
    let read = 0
    for await (const chunk of await storage.get(key)) {
      read += (chunk as Buffer).length
      peak = Math.max(peak, process.memoryUsage().rss)
    }
    gets.push(performance.now() - started)
    if (read !== bytes.length) throw new Error(`${name}: read ${read} of ${bytes.length} bytes`)
    await storage.remove(key)
  }
  const mb = bytes.length / 1024 / 1024
  console.log(
    `${name.padEnd(22)} put ${median(puts).toFixed(0).padStart(4)} ms (${(mb / (median(puts) / 1000)).toFixed(0)} MB/s)` +
      `   get ${median(gets).toFixed(0).padStart(4)} ms (${(mb / (median(gets) / 1000)).toFixed(0)} MB/s)` +
      `   peak RSS growth while reading ${((peak - rssBefore) / 1024 / 1024).toFixed(0)} MB`,
  )
}

console.log(`${ROUNDS} rounds of one ${bytes.length}-byte file (the upload limit); medians:`)
const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'patentdesk-bench-storage-'))
await measure('data folder', createLocalStorage(folder))
await fs.rm(folder, { recursive: true, force: true })

const fresh = await freshDatabase(values['database-url'], 'storage')
const postgres = await createDatabase({ driver: 'postgres', url: fresh.url })
await migrateDatabase(postgres)
await measure('PostgreSQL blob_chunks', createDatabaseStorage(postgres.db))
await postgres.close()
await fresh.drop()

// On disk, as the embedded database of a data folder runs.
const pgliteDir = await fs.mkdtemp(path.join(os.tmpdir(), 'patentdesk-bench-pglite-'))
const pglite = await createDatabase({ driver: 'pglite', dir: pgliteDir })
await migrateDatabase(pglite)
await measure('PGlite blob_chunks', createDatabaseStorage(pglite.db))
await pglite.close()
await fs.rm(pgliteDir, { recursive: true, force: true })
