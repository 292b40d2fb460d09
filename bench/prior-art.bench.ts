/**
 * Prior-art retrieval as a user meets it: a corpus patent is looked for with text the index does not hold.
 * - abstract task: the abstract of each drawn patent is withheld from the database (title, claims and
 *   description stay) and the analysis is asked with that abstract as the description;
 * - claim task: for patents with claims, the claims are withheld and the first claim is the description.
 * Patents with a sibling (same title or abstract: continuations) are left out of the draw, since the
 * sibling still holds the query's words. The analysis runs through the same service as
 * POST /api/public/patents/comprehensive-analysis, on a fresh database of the shipped corpus. Beside it, in
 * the same run on the same modified texts, a plain BM25 (MiniSearch, one field, k1 1.2, b 0.75, Porter
 * stems, English stopwords removed) ranks the whole corpus for the same query.
 *
 *   npm run bench:prior-art [-- --driver pglite --sample 300 --seed 12]
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { inArray, sql } from 'drizzle-orm'
import MiniSearch from 'minisearch'
import pino from 'pino'
import { stemmer } from 'stemmer'
import { eng } from 'stopword'
import { createServices } from '~/app'
import { patents } from '~/db/schema'
import { inventionText } from '~/features/analysis/engine/engine'
import { analyzePatents } from '~/features/patents/corpus.repo'
import { FIRST_STAGE } from '~/features/prior-art/params'
import { benchConfig, benchDatabase, type CorpusRow } from './corpus'
import { BENCH_SAMPLE, BENCH_SEED, benchTargets, withoutSiblings } from './prior-art-draw'

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'postgres' },
    sample: { type: 'string', default: String(BENCH_SAMPLE) },
    seed: { type: 'string', default: String(BENCH_SEED) },
  },
})

const TITLE = 'Invention'

type Task = {
  name: string
  targets: CorpusRow[]
  withheld: 'abstract' | 'claims'
  query: (row: CorpusRow) => string
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** recall@k, MRR (0 when absent), latency of ranks found by one system. */
function summary(ranks: (number | undefined)[], times: number[]) {
  const recall = (k: number) => ranks.filter((r) => r !== undefined && r < k).length / ranks.length
  const mrr = ranks.reduce<number>((sum, r) => sum + (r === undefined ? 0 : 1 / (r + 1)), 0) / ranks.length
  return [
    recall(1).toFixed(3),
    recall(5).toFixed(3),
    recall(10).toFixed(3),
    mrr.toFixed(3),
    `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} ms`,
  ]
}

function bm25Index(rows: CorpusRow[], task: Task) {
  const targets = new Set(task.targets.map((t) => t.reference))
  const stopwords = new Set(eng)
  const index = new MiniSearch<{ id: string; text: string }>({
    fields: ['text'],
    processTerm: (term) => (stopwords.has(term.toLowerCase()) ? null : stemmer(term.toLowerCase())),
    searchOptions: { combineWith: 'OR', bm25: { k: 1.2, b: 0.75, d: 0 } },
  })
  index.addAll(
    rows.map((row) => {
      const withheld = targets.has(row.reference) ? task.withheld : undefined
      const fields = [
        row.title,
        withheld === 'abstract' ? '' : (row.abstract ?? ''),
        withheld === 'claims' ? '' : (row.claims ?? []).join('\n'),
        row.description ?? '',
      ]
      return { id: row.reference, text: fields.join('\n') }
    }),
  )
  return index
}

const started = performance.now()
const { database, shipped } = await benchDatabase(values.driver, 0)
console.log(
  `${values.driver}: ${shipped.length} shipped patents loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
)
const eligible = withoutSiblings(shipped)
const drawn = benchTargets(eligible, Number(values.sample), Number(values.seed))
const tasks: Task[] = [
  {
    name: 'abstract',
    targets: drawn.abstract,
    withheld: 'abstract',
    query: (row) => row.abstract ?? '',
  },
  {
    name: 'first claim',
    targets: drawn.firstClaim,
    withheld: 'claims',
    query: (row) => row.claims?.[0] ?? '',
  },
]
console.log(
  `${shipped.length - eligible.length} patents with a sibling left out; drawn: ${tasks.map((t) => `${t.targets.length} for the ${t.name}`).join(', ')}`,
)

const config = benchConfig()
const rows: string[][] = []
for (const task of tasks) {
  const references = task.targets.map((t) => t.reference)
  const withhold = task.withheld === 'abstract' ? { abstract: null } : { claims: [] }
  await database.db.update(patents).set(withhold).where(inArray(patents.reference, references))
  await analyzePatents(database.db)
  // Fresh services: their caches of corpus statistics and their index start from the modified texts.
  const services = createServices({ config, database, log: pino({ level: 'silent' }) })
  const building = performance.now()
  await services.priorArt.candidates('')
  console.log(
    `${task.name}: prior-art index built in ${((performance.now() - building) / 1000).toFixed(1)} s`,
  )

  const analysisRanks: (number | undefined)[] = []
  const analysisTimes: number[] = []
  let inFirstStage = 0
  for (const target of task.targets) {
    const invention = { title: TITLE, description: task.query(target) }
    const at = performance.now()
    const result = await services.analysis.analyze(invention)
    analysisTimes.push(performance.now() - at)
    const rank = result.similarPatents.patents.findIndex((p) => p.reference === target.reference)
    analysisRanks.push(rank < 0 ? undefined : rank)
    const candidates = await services.priorArt.candidates(inventionText(invention).query)
    if (candidates.some((c) => c.reference === target.reference)) inFirstStage += 1
  }
  await services.priorArt.close()

  const index = bm25Index(shipped, task)
  const baselineRanks: (number | undefined)[] = []
  const baselineTimes: number[] = []
  for (const target of task.targets) {
    const at = performance.now()
    const hits = index.search(task.query(target))
    baselineTimes.push(performance.now() - at)
    const rank = hits.slice(0, 10).findIndex((hit) => hit.id === target.reference)
    baselineRanks.push(rank < 0 ? undefined : rank)
  }
  rows.push(
    [
      `${task.name} (${task.targets.length})`,
      'analysis',
      ...summary(analysisRanks, analysisTimes),
      `${((100 * inFirstStage) / task.targets.length).toFixed(1)}% at ${FIRST_STAGE.depth} + ${FIRST_STAGE.titleDepth}`,
    ],
    [`${task.name} (${task.targets.length})`, 'BM25 baseline', ...summary(baselineRanks, baselineTimes), ''],
  )

  // Put the withheld texts back for the next task.
  for (const target of task.targets) {
    await database.db
      .update(patents)
      .set(task.withheld === 'abstract' ? { abstract: target.abstract } : { claims: target.claims })
      .where(sql`${patents.reference} = ${target.reference}`)
  }
}

const header = [
  'task (patents)',
  'system',
  'recall@1',
  'recall@5',
  'recall@10',
  'MRR',
  'p50 / p95',
  'first stage',
]
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '))
await database.close()
