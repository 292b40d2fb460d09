/** The benchmarks' corpus: the shipped patents plus generated variants, on PGlite or PostgreSQL. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import pg from 'pg'
import { loadConfig } from '~/config'
import { createDatabase } from '~/db/client'
import type { Database } from '~/db/database'
import { migrateDatabase } from '~/db/migrate'
import { corpusDir } from '~/features/patents/corpus'
import { analyzePatents, insertPatents } from '~/features/patents/corpus.repo'
import { parseRecord } from '~/features/patents/importer'
import { readLines } from '~/features/patents/line-reader'
import type { toPatentRow } from '~/features/patents/patent-record'
import { createPatentVectors } from '~/features/patents/patent-vectors'

export type CorpusRow = ReturnType<typeof toPatentRow>

/** The server's settings for a benchmark: no corpus load, no client, a data folder of its own (gone at exit). */
export function benchConfig() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-bench-'))
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
  return { ...loadConfig({ LOG_LEVEL: 'silent', CORPUS: 'none', DATA_DIR: dataDir }), webDist: undefined }
}

/** Every record of the shipped corpus, as rows. */
export async function readCorpus() {
  const rows: CorpusRow[] = []
  for await (const line of readLines(`${corpusDir}/patents.jsonl.gz`)) {
    const parsed = parseRecord(line.text, line.number)
    if ('row' in parsed) rows.push(parsed.row)
  }
  return rows
}

/** What a variant changes of a shipped record, in the row's shape or in the import file's. */
type Variable = {
  reference: string
  docNumber: string
  title: string
  abstract?: string | null
  description?: string | null
  descriptionTruncated?: boolean | null
  source?: string
}

/**
 * Variant `i` of the shipped records (`prefix` and `i` its reference): record i's title with three words of
 * another's, its abstract with the other's appended, and the other's description.
 */
export function variantOf<T extends Variable>(shipped: T[], i: number, prefix: string): T {
  const a = shipped[i % shipped.length] as T
  const b = shipped[(i * 7919) % shipped.length] as T
  return {
    ...a,
    reference: `X${prefix}${i}`,
    docNumber: `${prefix}${i}`,
    title: `${a.title} ${b.title.split(' ').slice(0, 3).join(' ')}`,
    abstract: `${a.abstract ?? ''} ${b.abstract ?? ''}`.trim(),
    description: b.description,
    descriptionTruncated: b.descriptionTruncated,
    source: 'bench',
  }
}

/**
 * The benchmarks' invention of 2,000 words: the descriptions of shipped records 100 to 400 run together,
 * cut there (bench:analysis, bench:scale, bench:index).
 */
export function twoThousandWords(descriptions: string[]) {
  return descriptions.slice(100, 400).join(' ').split(/\s+/).slice(0, 2000).join(' ')
}

/** `count` variants of the shipped rows, from variant `first`. */
function variants(rows: CorpusRow[], count: number, first = 0) {
  return Array.from({ length: count }, (_, n) => variantOf(rows, first + n, 'V'))
}

async function insert(database: Database, rows: CorpusRow[]) {
  const started = performance.now()
  for (let i = 0; i < rows.length; i += 500) await insertPatents(database.db, rows.slice(i, i + 500), 'skip')
  await analyzePatents(database.db)
  const seconds = (performance.now() - started) / 1000
  // The database's search vectors, which a server writes after a load (patent-vectors.ts): not timed.
  await createPatentVectors({ db: database.db, batch: 1000 }).catchUp()
  return { count: rows.length, perSecond: Math.round(rows.length / seconds), seconds }
}

/** Grows the benchmark corpus from the shipped records to `size` patents with variants. */
export function addVariants(database: Database, shipped: CorpusRow[], size: number) {
  return insert(database, variants(shipped, Math.max(0, size - shipped.length)))
}

/** Imports `count` more variants into a corpus of `size` patents, as an import would (analyzePatents at the end). */
export function importVariants(database: Database, shipped: CorpusRow[], size: number, count: number) {
  return insert(database, variants(shipped, count, Math.max(0, size - shipped.length)))
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

/** A fresh database holding `size` patents (the shipped ones, then variants), and how fast they went in. */
export async function benchDatabase(driver: string, size: number) {
  const database = await openBenchDatabase(driver)
  await migrateDatabase(database)
  const shipped = await readCorpus()
  const all = [...shipped, ...variants(shipped, Math.max(0, size - shipped.length))]
  return { database, shipped, imported: await insert(database, all) }
}
