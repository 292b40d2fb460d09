/** The benchmarks' corpus: the shipped patents plus generated variants, on PGlite or PostgreSQL. */
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { createDatabase, type Database } from '~/db/client'
import { migrateDatabase } from '~/db/migrate'
import { corpusDir } from '~/features/patents/corpus'
import { parseRecord } from '~/features/patents/importer'
import { readLines } from '~/features/patents/line-reader'
import type { toPatentRow } from '~/features/patents/patent-record'
import { analyzePatents, insertPatents } from '~/features/patents/patents.repo'

export type CorpusRow = ReturnType<typeof toPatentRow>

/** Every record of the shipped corpus, as rows. */
export async function readCorpus() {
  const rows: CorpusRow[] = []
  for await (const line of readLines(`${corpusDir}/patents.jsonl.gz`)) {
    const parsed = parseRecord(line.text, line.number)
    if ('row' in parsed) rows.push(parsed.row)
  }
  return rows
}

/** The shipped corpus, then variants (new reference, another patent's abstract appended) up to `size`. */
async function load(database: Database, size: number) {
  const rows = await readCorpus()
  const base = rows.length
  for (let i = 0; rows.length < size; i++) {
    const a = rows[i % base]
    const b = rows[(i * 7919) % base]
    if (!a || !b) break
    rows.push({
      ...a,
      reference: `XV${i}`,
      docNumber: `V${i}`,
      title: `${a.title} ${b.title.split(' ').slice(0, 3).join(' ')}`,
      abstract: `${a.abstract ?? ''} ${b.abstract ?? ''}`.trim(),
      description: b.description,
      source: 'bench',
    })
  }
  const started = performance.now()
  for (let i = 0; i < rows.length; i += 500) await insertPatents(database.db, rows.slice(i, i + 500), 'skip')
  await analyzePatents(database.db)
  const seconds = (performance.now() - started) / 1000
  return { count: rows.length, perSecond: Math.round(rows.length / seconds), seconds }
}

async function openBenchDatabase(driver: string): Promise<Database> {
  if (driver === 'pglite') return createDatabase({ driver: 'pglite' })
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query('drop database if exists patentdesk_bench with (force)')
  await admin.query('create database patentdesk_bench')
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = '/patentdesk_bench'
  return createDatabase({ driver: 'postgres', url: url.toString() })
}

/** A fresh database holding `size` patents, and how fast they went in. */
export async function benchDatabase(driver: string, size: number) {
  const database = await openBenchDatabase(driver)
  await migrateDatabase(database)
  return { database, imported: await load(database, size) }
}
