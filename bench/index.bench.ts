/**
 * The patent index's own cost as the corpus grows, without the database or HTTP (issue 27): for each
 * --sizes, an index file of the shipped patents plus generated variants (bench/corpus.ts's `variantOf`,
 * references XV<n>) is built in this process as the index builder builds it, then queried through the
 * query thread's functions (index-worker.ts) as the server's threads query it:
 * - search: the 15 queries of search-queries.ts and its 18 of the syntax (with the three slowest), first page;
 * - analysis: the index's part of an analysis of analysis.bench.ts's 2,000-word description (`similar`,
 *   `weigh`, `activity` of its ten heaviest words), and of ten plain-words descriptions of
 *   bench/queries/written.jsonl (`similar`).
 * Per size: build seconds, file size, heap and RSS after opening, each task's p50/p95 over --runs after one
 * warm run. The page cache holds the file (it was just written): this is the index's CPU, not the disk's.
 *   npm run bench:index [-- --sizes 47000,250000,1000000 --runs 20]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { IndexFileWriter } from '~/engine/prior-art/index-file'
import type { IndexQuery } from '~/engine/prior-art/index-search'
import * as worker from '~/engine/prior-art/index-worker'
import { indexedPatent } from '~/engine/prior-art/prior-art.repo'
import { type CorpusRow, readCorpus, twoThousandWords, variantOf } from './corpus'
import { type SearchQuery, searchQueries, syntaxQueries } from './search-queries'
import { percentile } from './stats'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '47000,250000' },
    runs: { type: 'string', default: '20' },
  },
})
const sizes = values.sizes.split(',').map((s) => Number(s.trim()))
const runs = Number(values.runs)

const shipped = await readCorpus()
const longText = twoThousandWords(shipped.map((r) => r.description ?? ''))
const plainWords = fs
  .readFileSync(new URL('./queries/written.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .slice(0, 10)
  .map((line) => (JSON.parse(line) as { plain: string }).plain)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-index-bench-'))
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }))
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

function timed(name: string, task: () => unknown) {
  task()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    task()
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return `${name} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`
}

/** Each query once per run: p50/p95 over all of them. */
function timedEach(name: string, tasks: (() => unknown)[]) {
  for (const task of tasks) task()
  const times: number[] = []
  for (let i = 0; i < runs; i++)
    for (const task of tasks) {
      const started = performance.now()
      task()
      times.push(performance.now() - started)
    }
  times.sort((a, b) => a - b)
  return `${name} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`
}

/** The three queries of a set whose median is the highest, to say where a p95 comes from. */
function slowest(queries: SearchQuery[], task: (query: SearchQuery) => () => unknown) {
  const medians = queries.map((query) => {
    const run = task(query)
    const times = Array.from({ length: Math.max(3, Math.min(runs, 7)) }, () => {
      const started = performance.now()
      run()
      return performance.now() - started
    }).sort((a, b) => a - b)
    return { query, median: percentile(times, 50) }
  })
  return `slowest: ${medians
    .sort((a, b) => b.median - a.median)
    .slice(0, 3)
    .map(
      ({ query, median }) =>
        `${JSON.stringify(query.q)}${query.params ? ` ${JSON.stringify(query.params)}` : ''} ${median.toFixed(1)} ms`,
    )
    .join(', ')}`
}

for (const size of sizes) {
  const file = path.join(dir, `${size}.index`)
  const started = performance.now()
  const writer = new IndexFileWriter(file)
  for (let i = 0; i < size; i++)
    writer.add(
      indexedPatent(
        i < shipped.length ? (shipped[i] as CorpusRow) : variantOf(shipped, i - shipped.length, 'V'),
      ),
    )
  writer.finish(`bench ${size}`)
  const build = (performance.now() - started) / 1000
  global.gc?.()
  worker.load({ file })
  global.gc?.()
  const { heapUsed, rss } = process.memoryUsage()
  console.log(
    `${size} patents: built in ${build.toFixed(1)} s, file ${mb(fs.statSync(file).size)} MB, heap ${mb(heapUsed)} MB, RSS ${mb(rss)} MB`,
  )
  const asked =
    ({ q, params = {} }: SearchQuery) =>
    () => {
      const page = Number(params.page ?? 1)
      worker.query({
        file,
        q,
        filters: { from: params.from, to: params.to, cpc: params.cpc, applicant: params.applicant },
        offset: (page - 1) * 10,
        limit: 10,
        sort: params.sort as IndexQuery['sort'],
        dateType: params.dateType as IndexQuery['dateType'],
        family: params.dups === 'family',
      })
    }
  const [{ weights } = { weights: [] }] = worker.weigh({ file, texts: [longText] })
  const heaviest = weights
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([term]) => term)
  console.log(`  ${timedEach('search', searchQueries.map(asked))}`)
  console.log(`  ${timedEach('syntax', syntaxQueries.map(asked))}`)
  console.log(`  ${slowest(syntaxQueries, asked)}`)
  console.log(
    `  ${timed('analysis (similar, weigh, activity)', () => {
      worker.similar({ file, text: longText })
      worker.weigh({ file, texts: [longText] })
      worker.activity({ file, words: heaviest })
    })}`,
  )
  console.log(
    `  ${timedEach(
      'plain words (similar)',
      plainWords.map((text) => () => worker.similar({ file, text })),
    )}`,
  )
  fs.rmSync(file)
}
