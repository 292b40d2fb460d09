/**
 * Search speed at 100,000 patents: the shipped corpus plus generated variants, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL, default the local server). Prints import throughput, API latency
 * percentiles per query over HTTP, the bare SQL time of the same query as the baseline, and memory.
 *   npm run bench:search [-- --drivers pglite,postgres --runs 30 --size 100000]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { PatentSearchQuerySchema, type PatentSearchResult } from '@patentdesk/contract/patents'
import pino from 'pino'
import { buildApp } from '~/app'
import { createPatentSearch } from '~/features/patents/patent-search.service'
import { termsOf } from '~/shared/terms'
import { benchConfig, benchDatabase, importVariants } from './corpus'
import { hostileQueries, searchQueries, syntaxQueries } from './search-queries'
import { percentile } from './stats'

const { values } = parseArgs({
  options: {
    drivers: { type: 'string', default: 'pglite,postgres' },
    runs: { type: 'string', default: '30' },
    size: { type: 'string', default: '100000' },
  },
})
const runs = Number(values.runs)
const size = Number(values.size)

const ms = (n: number) => n.toFixed(1).padStart(7)

async function time(task: () => Promise<unknown>) {
  const started = performance.now()
  await task()
  return performance.now() - started
}

/** One-word queries a user types: does the first page bring patents about the word (in their title)? */
const oneWord = [
  'battery',
  'vehicle',
  'network',
  'sensor',
  'engine',
  'display',
  'antibody',
  'camera',
  'valve',
  'laser',
]

type Search = (query: Record<string, string>) => Promise<PatentSearchResult>

/** How many of the first ten hits of each one-word query hold the word in their title, over all of them. */
async function titleShare(search: Search) {
  let titled = 0
  for (const word of oneWord) {
    const { patents } = await search({ q: word, num: '10' })
    titled += patents.filter((p) => termsOf(p.title).includes(termsOf(word)[0] as string)).length
  }
  return `${titled} of ${oneWord.length * 10}`
}

/**
 * Each query's latency over HTTP (the index) and, as the baseline, through the database search alone (none
 * for the syntax only the index answers).
 */
async function measure(
  address: string,
  baseline: Search | undefined,
  queries: { q: string; params?: Record<string, string> }[] = searchQueries,
) {
  console.log('query                                   matches   API p50    p95    p99 | database p50   p95')
  const all: number[] = []
  for (const { q, params } of queries) {
    const search = { q, num: '10', ...params }
    const url = `${address}/api/public/serpapi/patents?${new URLSearchParams(search)}`
    let matches = 0
    for (let i = 0; i < 3; i++) {
      matches = ((await (await fetch(url)).json()) as { totalResults: number }).totalResults
      await baseline?.(search)
    }
    const api: number[] = []
    const database: number[] = []
    for (let i = 0; i < runs; i++) {
      api.push(await time(() => fetch(url).then((r) => r.json())))
      if (baseline) database.push(await time(() => baseline(search)))
    }
    api.sort((a, b) => a - b)
    database.sort((a, b) => a - b)
    all.push(...api)
    const label = `${q}${params ? ` ${JSON.stringify(params)}` : ''}`.slice(0, 38).padEnd(38)
    console.log(
      `${label} ${String(matches).padStart(8)} ${ms(percentile(api, 50))}${ms(percentile(api, 95))}${ms(percentile(api, 99))} |     ${baseline ? `${ms(percentile(database, 50))}${ms(percentile(database, 95))}` : '      –      –'}`,
    )
  }
  all.sort((a, b) => a - b)
  console.log(`all queries over HTTP: p50 ${ms(percentile(all, 50))} ms, p95 ${ms(percentile(all, 95))} ms`)
}

/** The CSV export of the first 1,000 results of common words, as the search screen's link asks it. */
async function measureExport(address: string) {
  for (const q of ['battery', 'method']) {
    const url = `${address}/api/public/serpapi/patents.csv?${new URLSearchParams({ q })}`
    let rows = 0
    for (let i = 0; i < 3; i++) rows = (await (await fetch(url)).text()).split('\r\n').length - 5
    const times: number[] = []
    for (let i = 0; i < runs; i++) times.push(await time(() => fetch(url).then((r) => r.text())))
    times.sort((a, b) => a - b)
    console.log(
      `export of "${q}" (${rows} rows of CSV): p50 ${ms(percentile(times, 50))} ms, p95 ${ms(percentile(times, 95))} ms`,
    )
  }
}

async function bench(driver: string) {
  const { database, shipped, imported } = await benchDatabase(driver, size)
  console.log(
    `\n${driver}: imported ${imported.count} patents in ${imported.seconds.toFixed(1)} s (${imported.perSecond} patents/s)`,
  )
  const config = benchConfig()
  const { app, services } = await buildApp({ config, database, log: pino({ level: 'silent' }) })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const started = performance.now()
  await services.priorArt.warm()
  console.log(
    `patent index built from the database in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  // The baseline: the database's own full-text search, as the server answers while the index is rebuilt.
  const databaseOnly = createPatentSearch({ db: database.db, sources: [], publicUrl: config.publicUrl })
  const baseline: Search = (query) => databaseOnly.search(PatentSearchQuerySchema.parse(query))
  const indexed: Search = (query) => services.patents.search(PatentSearchQuerySchema.parse(query))
  console.log(
    `one-word queries, first ten hits with the word in their title: index ${await titleShare(indexed)}, database ${await titleShare(baseline)}`,
  )
  await measure(address, baseline)
  console.log('\nthe syntax only the index answers (issue 41):')
  await measure(address, undefined, syntaxQueries)
  await measureExport(address)
  console.log('\nhostile queries of the syntax (issue 41):')
  await measure(address, undefined, hostileQueries)

  const more = await importVariants(database, shipped, size, 1000)
  const rebuilding = performance.now()
  await services.priorArt.refresh()
  console.log(
    `\nafter an import of ${more.count} patents (index rebuilt in ${((performance.now() - rebuilding) / 1000).toFixed(1)} s):`,
  )
  await measure(address, baseline)

  const memory = process.memoryUsage()
  console.log(
    `memory: rss ${Math.round(memory.rss / 2 ** 20)} MiB, heap used ${Math.round(memory.heapUsed / 2 ** 20)} MiB`,
  )
  await app.close()
  await database.close()
}

for (const driver of values.drivers.split(',')) await bench(driver.trim())
