/**
 * Search speed at 100,000 patents: the shipped corpus plus generated variants, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, default the local server). Prints import throughput, API latency
 * percentiles per query over HTTP, the bare SQL time of the same query as the baseline, and memory.
 *   npm run bench:search [-- --drivers pglite,postgres --runs 30 --size 100000]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { PatentSearchQuerySchema } from '@patentdesk/contract/patents'
import pg from 'pg'
import pino from 'pino'
import { buildApp } from '~/app'
import { loadConfig } from '~/config'
import { createDatabase, type Database } from '~/db/client'
import { migrateDatabase } from '~/db/migrate'
import { corpusDir } from '~/features/patents/corpus'
import { parseRecord } from '~/features/patents/importer'
import { readLines } from '~/features/patents/line-reader'
import type { toPatentRow } from '~/features/patents/patent-record'
import { analyzePatents, insertPatents } from '~/features/patents/patents.repo'

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: 'pglite,postgres' },
    runs: { type: 'string', default: '30' },
    size: { type: 'string', default: '100000' },
  },
})
const runs = Number(values.runs)
const size = Number(values.size)

/** Realistic queries: common words (thousands of matches), rare words, phrases, OR, exclusion, filters. */
const queries: { q: string; params?: Record<string, string> }[] = [
  { q: 'method' },
  { q: 'system' },
  { q: 'data processing' },
  { q: 'wireless communication device' },
  { q: 'battery' },
  { q: 'hinge' },
  { q: 'bradykinin' },
  { q: '"neural network"' },
  { q: '"user interface" touch' },
  { q: 'bicycle OR tricycle' },
  { q: 'vehicle -electric' },
  { q: 'image sensor', params: { from: '2010-01-01', to: '2012-12-31' } },
  { q: 'processor', params: { applicant: 'Intel' } },
  { q: 'peptide', params: { cpc: 'C07K' } },
  { q: 'server', params: { page: '5' } },
]

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const ms = (n: number) => n.toFixed(1).padStart(7)

/** The shipped corpus, then variants (new reference, another patent's abstract appended) up to `size`. */
async function load(database: Database) {
  const rows: ReturnType<typeof toPatentRow>[] = []
  for await (const line of readLines(`${corpusDir}/patents.jsonl.gz`)) {
    const parsed = parseRecord(line.text, line.number)
    if ('row' in parsed) rows.push(parsed.row)
  }
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

async function time(task: () => Promise<unknown>) {
  const started = performance.now()
  await task()
  return performance.now() - started
}

async function bench(driver: string) {
  const database = await openBenchDatabase(driver)
  await migrateDatabase(database)
  const imported = await load(database)
  console.log(
    `\n${driver}: imported ${imported.count} patents in ${imported.seconds.toFixed(1)} s (${imported.perSecond} patents/s)`,
  )
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', CORPUS: 'none' }), webDist: undefined }
  const { app, services } = await buildApp({ config, database, log: pino({ level: 'silent' }) })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })

  console.log(
    'query                                   matches   API p50    p95    p99 | bare p50   p95 | API/bare p50',
  )
  for (const { q, params } of queries) {
    const search = new URLSearchParams({ q, num: '10', ...params })
    const url = `${address}/api/public/serpapi/patents?${search}`
    // The baseline: the same search without HTTP, validation and serialisation (SQL and row mapping).
    const bare = () => services.patents.search(PatentSearchQuerySchema.parse(Object.fromEntries(search)))
    let matches = 0
    for (let i = 0; i < 3; i++) {
      matches = ((await (await fetch(url)).json()) as { totalResults: number }).totalResults
      await bare()
    }
    const api: number[] = []
    const sql: number[] = []
    for (let i = 0; i < runs; i++) {
      api.push(await time(() => fetch(url).then((r) => r.json())))
      sql.push(await time(bare))
    }
    api.sort((a, b) => a - b)
    sql.sort((a, b) => a - b)
    const label = `${q}${params ? ` ${JSON.stringify(params)}` : ''}`.slice(0, 38).padEnd(38)
    console.log(
      `${label} ${String(matches).padStart(8)} ${ms(percentile(api, 50))}${ms(percentile(api, 95))}${ms(percentile(api, 99))} |${ms(percentile(sql, 50))}${ms(percentile(sql, 95))} | ${(percentile(api, 50) / percentile(sql, 50)).toFixed(2)}x`,
    )
  }
  const memory = process.memoryUsage()
  console.log(
    `memory: rss ${Math.round(memory.rss / 2 ** 20)} MiB, heap used ${Math.round(memory.heapUsed / 2 ** 20)} MiB`,
  )
  await app.close()
  await database.close()
}

for (const driver of values.drivers.split(',')) await bench(driver.trim())
