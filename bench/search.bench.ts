/**
 * Search speed at 100,000 patents: the shipped corpus plus generated variants, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, default the local server). Prints import throughput, API latency
 * percentiles per query over HTTP, the bare SQL time of the same query as the baseline, and memory.
 *   npm run bench:search [-- --drivers pglite,postgres --runs 30 --size 100000]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { PatentSearchQuerySchema } from '@patentdesk/contract/patents'
import pino from 'pino'
import { buildApp } from '~/app'
import { loadConfig } from '~/config'
import { benchDatabase } from './corpus'

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

async function time(task: () => Promise<unknown>) {
  const started = performance.now()
  await task()
  return performance.now() - started
}

async function bench(driver: string) {
  const { database, imported } = await benchDatabase(driver, size)
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
