/**
 * Prior-art retrieval as users meet it: a corpus patent is looked for with text the index does not hold,
 * in each way people describe an invention.
 * - plain words and one line: the written query sets (bench/queries, bench/written-queries.ts): an
 *   inventor's own description of the patent (60–120 everyday words) and the idea in 10–20 words as typed
 *   into a search box, neither sharing a run of three content words with the patent; nothing withheld;
 * - plain words, British: the same descriptions in British spelling, word by word from the `american-english`
 *   package's list (the server's terms read it the other way: server/src/shared/spelling.ts); how many
 *   queries and words the rewrite changed is printed;
 * - plain words, unfiltered: other patents described in 60–120 words by writers told only to use their own
 *   words, as real inventors do (many share phrases with the patent); nothing withheld;
 * - abstract: the abstract of each drawn patent is withheld from the database (title, claims and
 *   description stay) and the analysis is asked with that abstract as the description;
 * - first claim: for patents with claims, the claims are withheld and the first claim is the description.
 * And the claim chart on near copies (bench/claim-chart.ts): every sibling-free patent's first claim (15
 * words or more) as the description, with the patent in the corpus and then deleted from it.
 * Patents with a sibling (same title or abstract: continuations) are left out of every draw, since the
 * sibling still holds the query's words, and the reranker never trains on these patents. The analysis
 * runs through the same service as POST /api/public/patents/comprehensive-analysis, on a fresh database
 * of the shipped corpus. Beside it, in the same run on the same texts, a plain BM25 (MiniSearch, one
 * field, k1 1.2, b 0.75, Porter stems, English stopwords removed) ranks the whole corpus for the same
 * query. Each figure has its 95% bootstrap interval (the queries resampled 2,000 times).
 *
 * Where BM25 has the patent in its first three and the analysis does not list it, the case is printed.
 *
 *   npm run bench:prior-art [-- --driver pglite --sample 300 --seed 12 --styles plain,british,unfiltered,line,abstract,claim,chart]
 */
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { chartedPatents } from '@patentdesk/contract/analysis'
import { inArray, sql } from 'drizzle-orm'
import MiniSearch from 'minisearch'
import pino from 'pino'
import { stemmer } from 'stemmer'
import { eng } from 'stopword'
import { createServices } from '~/app'
import { patents } from '~/db/schema'
import { inventionText } from '~/engine/analysis/engine'
import { FIRST_STAGE } from '~/engine/prior-art/params'
import { analyzePatents } from '~/features/patents/corpus.repo'
import { type CopyCharted, chartCopies, charted, withoutPatents } from './claim-chart'
import { benchConfig, benchDatabase, type CorpusRow } from './corpus'
import {
  BENCH_SAMPLE,
  BENCH_SEED,
  benchTargets,
  random,
  withFirstClaim,
  withoutSiblings,
} from './prior-art-draw'
import { queryFiles, readUnfilteredQueries, readWrittenQueries, type WrittenQuery } from './written-queries'

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'postgres' },
    sample: { type: 'string', default: String(BENCH_SAMPLE) },
    seed: { type: 'string', default: String(BENCH_SEED) },
    styles: { type: 'string', default: 'plain,british,unfiltered,line,abstract,claim,chart' },
  },
})

const TITLE = 'Invention'
const RESAMPLES = 2000

type Task = {
  name: string
  targets: CorpusRow[]
  /** What is taken out of the drawn patents while they are looked for. */
  withheld?: 'abstract' | 'claims'
  query: (row: CorpusRow) => string
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

type Rank = number | undefined
const recall = (k: number) => (ranks: Rank[]) =>
  ranks.filter((r) => r !== undefined && r < k).length / ranks.length
const mrr = (ranks: Rank[]) =>
  ranks.reduce<number>((sum, r) => sum + (r === undefined ? 0 : 1 / (r + 1)), 0) / ranks.length
const measures = { 'recall@1': recall(1), 'recall@5': recall(5), 'recall@10': recall(10), MRR: mrr }

/** The bootstrap's resampled query sets (seeded), the same for every system of a task so they compare. */
function resamples(count: number) {
  const next = random(RESAMPLES)
  return Array.from({ length: RESAMPLES }, () =>
    Array.from({ length: count }, () => Math.floor(next() * count)),
  )
}

/** `0.860 (0.820–0.900)`: the figure and its 95% bootstrap interval. */
function withInterval(measure: (ranks: Rank[]) => number, ranks: Rank[], samples: number[][]) {
  const values = samples.map((sample) => measure(sample.map((i) => ranks[i])))
  return `${measure(ranks).toFixed(3)} (${percentile(values, 2.5).toFixed(2)}–${percentile(values, 97.5).toFixed(2)})`
}

/** recall@10 of the analysis over BM25's, with its interval over the same resamples. */
function ratio(ours: Rank[], theirs: Rank[], samples: number[][]) {
  const at10 = recall(10)
  const of = (sample: number[]) =>
    at10(sample.map((i) => ours[i])) / Math.max(at10(sample.map((i) => theirs[i])), 1e-9)
  const values = samples.map(of)
  return `×${(at10(ours) / Math.max(at10(theirs), 1e-9)).toFixed(2)} (${percentile(values, 2.5).toFixed(2)}–${percentile(values, 97.5).toFixed(2)})`
}

/** A share of features over queries (`part` of `features`, summed), with its 95% bootstrap interval. */
function featureShare(copies: CopyCharted[], part: (copy: CopyCharted) => number, samples: number[][]) {
  const of = (indexes: number[]) => {
    const picked = indexes.map((i) => copies[i] as CopyCharted)
    return (
      picked.reduce((n, c) => n + part(c), 0) /
      Math.max(
        1,
        picked.reduce((n, c) => n + c.features, 0),
      )
    )
  }
  const values = samples.map(of)
  const all = of(copies.map((_, i) => i))
  return `${all.toFixed(3)} (${percentile(values, 2.5).toFixed(2)}–${percentile(values, 97.5).toFixed(2)})`
}

/**
 * How often the analysis keeps a patent BM25 ranks first or second, and each patent BM25 has in its first
 * three that the analysis does not list (its reference and BM25's rank), for the next change to be judged on.
 */
function lexicalMatches(task: Task, ours: Rank[], theirs: Rank[]) {
  const firstOrSecond = theirs.flatMap((rank, i) => (rank !== undefined && rank < 2 ? [i] : []))
  const kept = firstOrSecond.filter((i) => ours[i] !== undefined).length
  const lost = theirs.flatMap((rank, i) =>
    rank !== undefined && rank < 3 && ours[i] === undefined
      ? [`${task.targets[i]?.reference} (BM25 rank ${rank + 1})`]
      : [],
  )
  return [
    `${task.name}: BM25 ranks the patent first or second for ${firstOrSecond.length} of ${task.targets.length}; the analysis lists ${kept} of them`,
    ...(lost.length > 0 ? [`  in BM25's first three, not listed: ${lost.join(', ')}`] : []),
  ]
}

/** American spellings and their British forms (`american-english`; a few of its forms end in a space). */
const { uk_spelling: ukSpelling } = createRequire(import.meta.url)('american-english') as {
  uk_spelling: Record<string, string>
}
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * A text in British spelling: each whole word the list holds, in its case ("Color" → "Colour", "COLOR" →
 * "COLOUR"); a word in another case, or one the list does not hold, stays. With the words it read and the
 * rewrites it made ("color → colour").
 */
function britishSpelling(text: string) {
  const rewrites: string[] = []
  let words = 0
  const british = text.replace(/\p{L}+/gu, (word) => {
    words += 1
    const lower = word.toLowerCase()
    const to = Object.hasOwn(ukSpelling, lower) ? (ukSpelling[lower] as string).trim() : undefined
    const cased =
      to === undefined
        ? word
        : word === lower
          ? to
          : word === capitalized(lower)
            ? capitalized(to)
            : word === lower.toUpperCase()
              ? to.toUpperCase()
              : word
    if (cased !== word) rewrites.push(`${lower} → ${to}`)
    return cased
  })
  return { text: british, words, rewrites }
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
const byReference = new Map(shipped.map((row) => [row.reference, row]))
const eligible = withoutSiblings(shipped)
const drawn = benchTargets(eligible, Number(values.sample), Number(values.seed))
const written = new Map<string, WrittenQuery>()
for (const query of readWrittenQueries(queryFiles.written))
  if (query.set === 'evaluate') written.set(query.reference, query)
const writtenTargets = [...written.keys()].map((reference) => byReference.get(reference) as CorpusRow)
const unfiltered = new Map(
  readUnfilteredQueries(queryFiles.unfiltered)
    .filter((query) => query.set === 'evaluate')
    .map((query) => [query.reference, query.plain]),
)
const britishQueries = new Map(
  [...written].map(([reference, query]) => [reference, britishSpelling(query.plain)]),
)
const wanted = new Set(values.styles.split(','))
const allTasks: (Task & { style: string })[] = [
  {
    style: 'plain',
    name: 'plain words',
    targets: writtenTargets,
    query: (row) => written.get(row.reference)?.plain ?? '',
  },
  {
    style: 'british',
    name: 'plain words, British',
    targets: writtenTargets,
    query: (row) => britishQueries.get(row.reference)?.text ?? '',
  },
  {
    style: 'unfiltered',
    name: 'plain words, unfiltered',
    targets: [...unfiltered.keys()].map((reference) => byReference.get(reference) as CorpusRow),
    query: (row) => unfiltered.get(row.reference) ?? '',
  },
  {
    style: 'line',
    name: 'one line',
    targets: writtenTargets,
    query: (row) => written.get(row.reference)?.oneLine ?? '',
  },
  {
    style: 'abstract',
    name: 'abstract',
    targets: drawn.abstract,
    withheld: 'abstract',
    query: (row) => row.abstract ?? '',
  },
  {
    style: 'claim',
    name: 'first claim',
    targets: drawn.firstClaim,
    withheld: 'claims',
    query: (row) => row.claims?.[0] ?? '',
  },
]
const tasks = allTasks.filter((task) => wanted.has(task.style))
console.log(
  `${shipped.length - eligible.length} patents with a sibling left out; ${tasks.map((t) => `${t.targets.length} for the ${t.name}`).join(', ')}`,
)
if (wanted.has('british')) {
  const rewritten = [...britishQueries.values()]
  const rewrites = new Map<string, number>()
  for (const rewrite of rewritten.flatMap((query) => query.rewrites))
    rewrites.set(rewrite, (rewrites.get(rewrite) ?? 0) + 1)
  const often = [...rewrites].sort((a, b) => b[1] - a[1]).slice(0, 15)
  console.log(
    `British spelling: the rewrite changed ${rewritten.filter((q) => q.rewrites.length > 0).length} of ${rewritten.length} queries, ` +
      `${rewritten.reduce((n, q) => n + q.rewrites.length, 0)} of ${rewritten.reduce((n, q) => n + q.words, 0)} words ` +
      `(${rewrites.size} distinct); most often ${often.map(([rewrite, n]) => `${rewrite} (${n})`).join(', ')}`,
  )
}

const config = benchConfig()
const rows: string[][] = []
const chartLines: string[] = []
const lexicalLines: string[] = []
for (const task of tasks) {
  const references = task.targets.map((t) => t.reference)
  if (task.withheld) {
    const withhold = task.withheld === 'abstract' ? { abstract: null } : { claims: [] }
    await database.db.update(patents).set(withhold).where(inArray(patents.reference, references))
  }
  await analyzePatents(database.db)
  // Fresh services: their index starts from the modified texts.
  const services = createServices({ config, database, log: pino({ level: 'silent' }) })
  const building = performance.now()
  await services.priorArt.candidates('')
  console.log(
    `${task.name}: prior-art index built in ${((performance.now() - building) / 1000).toFixed(1)} s`,
  )

  const analysisRanks: Rank[] = []
  const analysisTimes: number[] = []
  // The looked-for patent's column of the claim chart, when it is among the charted patents.
  const ownColumns: CopyCharted[] = []
  let inFirstStage = 0
  for (const target of task.targets) {
    const invention = { title: TITLE, description: task.query(target) }
    const at = performance.now()
    const result = await services.analysis.analyze(invention)
    analysisTimes.push(performance.now() - at)
    const rank = result.similarPatents.patents.findIndex((p) => p.reference === target.reference)
    analysisRanks.push(rank < 0 ? undefined : rank)
    if (rank >= 0 && rank < chartedPatents) ownColumns.push(charted(result, target.reference))
    const candidates = await services.priorArt.candidates(inventionText(invention).query)
    if (candidates.some((c) => c.reference === target.reference)) inFirstStage += 1
  }
  await services.priorArt.close()

  const index = bm25Index(shipped, task)
  const baselineRanks: Rank[] = []
  const baselineTimes: number[] = []
  for (const target of task.targets) {
    const at = performance.now()
    const hits = index.search(task.query(target))
    baselineTimes.push(performance.now() - at)
    const rank = hits.slice(0, 10).findIndex((hit) => hit.id === target.reference)
    baselineRanks.push(rank < 0 ? undefined : rank)
  }
  lexicalLines.push(...lexicalMatches(task, analysisRanks, baselineRanks))
  const samples = resamples(task.targets.length)
  const line = (system: string, ranks: Rank[], times: number[], extra: string[]) => [
    `${task.name} (${task.targets.length})`,
    system,
    ...Object.values(measures).map((measure) => withInterval(measure, ranks, samples)),
    `${percentile(times, 50).toFixed(0)} / ${percentile(times, 95).toFixed(0)} ms`,
    ...extra,
  ]
  rows.push(
    line('analysis', analysisRanks, analysisTimes, [
      ratio(analysisRanks, baselineRanks, samples),
      `${((100 * inFirstStage) / task.targets.length).toFixed(1)}% at ${FIRST_STAGE.depth} + ${FIRST_STAGE.titleDepth}`,
    ]),
    line('BM25 baseline', baselineRanks, baselineTimes, ['', '']),
  )
  const columnSamples = resamples(ownColumns.length)
  chartLines.push(
    `${task.name}: the patent is charted for ${ownColumns.length} of ${task.targets.length} queries; its column charts ` +
      `found or partly ${featureShare(ownColumns, (c) => c.ownCharted, columnSamples)}, found ${featureShare(ownColumns, (c) => c.ownFound, columnSamples)}`,
  )

  // Put the withheld texts back for the next task.
  if (task.withheld)
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
  ...Object.keys(measures),
  'p50 / p95',
  'recall@10 vs BM25',
  'first stage',
]
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
if (rows.length > 0)
  for (const row of [header, ...rows])
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '))
if (lexicalLines.length > 0) console.log(`\nwhat BM25 ranks first\n  ${lexicalLines.join('\n  ')}`)
if (chartLines.length > 0) console.log(`\nclaim chart of the patent looked for\n  ${chartLines.join('\n  ')}`)

if (wanted.has('chart')) {
  const targets = withFirstClaim(eligible)
  const chartRun = async () => {
    const services = createServices({ config, database, log: pino({ level: 'silent' }) })
    await services.priorArt.candidates('')
    try {
      return await chartCopies(targets, (invention) => services.analysis.analyze(invention), byReference)
    } finally {
      await services.priorArt.close()
    }
  }
  const kept = await chartRun()
  const removed = await withoutPatents(database, targets, chartRun)
  const samples = resamples(targets.length)
  const features = kept.copies.reduce((n, c) => n + c.features, 0)
  console.log(
    `\nclaim chart, near copies: the first claims of ${targets.length} patents, ${features} features`,
  )
  console.log(
    `  patent in the corpus:   own features charted found or partly from it ${featureShare(kept.copies, (c) => c.ownCharted, samples)}, found ${featureShare(kept.copies, (c) => c.ownFound, samples)}`,
  )
  console.log(
    `  patent deleted:         features charted found in any charted patent ${featureShare(removed.copies, (c) => c.anyFound, samples)} (with it: ${featureShare(kept.copies, (c) => c.anyFound, samples)})`,
  )
  const wrong = [...kept.wrong, ...removed.wrong]
  console.log(
    `  passages checked verbatim against the stored patent: ${kept.passages + removed.passages}, not verbatim: ${wrong.length}`,
  )
  for (const line of wrong.slice(0, 10)) console.log(`    ${line}`)
  if (wrong.length > 0) process.exitCode = 1
}
await database.close()
