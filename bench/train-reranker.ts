/**
 * Trains the prior-art reranker and writes server/src/engine/prior-art/reranker.json, the data the server
 * ships. It learns from every way the benchmark looks for a patent, on other patents than the benchmark's:
 * - abstracts: sibling-free corpus patents, none of those `npm run bench:prior-art` draws or the written
 *   sets describe, each looked for by its abstract with that abstract withheld from the index;
 * - plain words and one line: the written set's training patents (bench/queries/written.jsonl, "train"),
 *   never its evaluation ones, each looked for by its description and by its one-liner.
 * Two models come out, one per query style the server tells apart (rerank.ts `queryStyle`): `register`
 * from the abstracts alone, `everyday` from every style weighing the same. For each query the first stage's
 * candidates (FIRST_STAGE) are described by the reranker's features (the server's own code), and a linear
 * model is fitted to put the patent looked for first: a softmax over each query's candidates, its
 * cross-entropy minimised by Adam with a little L2. Queries whose patent the first stage missed teach
 * nothing and are left out. Deterministic: the same corpus gives the same weights. `--holdout N` keeps the
 * last N written training patents and N more abstracts out of training and reports recall on them, with
 * the unfiltered set's training descriptions (never trained on), each model alone and as the server ranks
 * (routed by style, fused with textbook BM25: FUSION, or a grid of fusions with
 * `--fusion-grid`), to choose settings without looking at the benchmark's patents.
 *
 *   npm run train:reranker [-- --queries 1050 --seed 7 --holdout 50 --fusion-grid]
 */
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { Bm25fIndex } from '~/engine/prior-art/bm25f'
import { FIRST_STAGE, PARAMS } from '~/engine/prior-art/params'
import { Bm25fBuilder } from '~/engine/prior-art/postings-builder'
import {
  FEATURES,
  FUSION,
  featuresOf,
  fusedOrder,
  prepareQuery,
  type QueryStyle,
  queryStyle,
} from '~/engine/prior-art/rerank'
import { countTerms } from '~/shared/terms'
import { readCorpus } from './corpus'
import {
  BENCH_SAMPLE,
  BENCH_SEED,
  benchmarkPatents,
  TRAINING_MOST,
  TRAINING_SEED,
  trainingAbstracts,
  withoutSiblings,
} from './prior-art-draw'
import { queryFiles, readUnfilteredQueries, readWrittenQueries } from './written-queries'

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '1050' },
    seed: { type: 'string', default: String(TRAINING_SEED) },
    epochs: { type: 'string', default: '400' },
    holdout: { type: 'string', default: '0' },
    'fusion-grid': { type: 'boolean', default: false },
  },
})

const L2 = 1e-3
const output = new URL('../server/src/engine/prior-art/reranker.json', import.meta.url)

const started = performance.now()
const rows = await readCorpus()
const eligible = withoutSiblings(rows)
const leftOut = benchmarkPatents(eligible)
const holdout = Number(values.holdout)
const count = Number(values.queries) + holdout
if (count > TRAINING_MOST) throw new Error(`--queries and --holdout together may not pass ${TRAINING_MOST}`)
// Never a patent of the benchmark's draws or of the written sets (trainingAbstracts leaves them out).
const drawn = trainingAbstracts(eligible, count, Number(values.seed))
const withheld = new Set(drawn.map((row) => row.reference))
const byReference = new Map(rows.map((row) => [row.reference, row]))
const writtenTrain = readWrittenQueries(queryFiles.written).filter((query) => query.set === 'train')
const writtenSplit = writtenTrain.length - holdout

type Query = {
  style: 'abstract' | 'plain words' | 'one line' | 'plain words, unfiltered'
  text: string
  reference: string
}
const queriesOf = (abstracts: typeof drawn, writtenQueries: typeof writtenTrain): Query[] => [
  ...abstracts.map((row) => ({
    style: 'abstract' as const,
    text: row.abstract ?? '',
    reference: row.reference,
  })),
  ...writtenQueries.flatMap((query) => [
    { style: 'plain words' as const, text: query.plain, reference: query.reference },
    { style: 'one line' as const, text: query.oneLine, reference: query.reference },
  ]),
]
const targets = queriesOf(drawn.slice(0, Number(values.queries)), writtenTrain.slice(0, writtenSplit))
// The unfiltered set's training descriptions are never trained on: held out, they judge the fusion (FUSION).
const unfilteredTrain = readUnfilteredQueries(queryFiles.unfiltered).filter((query) => query.set === 'train')
const heldOut =
  holdout === 0
    ? []
    : [
        ...queriesOf(drawn.slice(Number(values.queries)), writtenTrain.slice(writtenSplit)),
        ...unfilteredTrain.map((query) => ({
          style: 'plain words, unfiltered' as const,
          text: query.plain,
          reference: query.reference,
        })),
      ]
if (writtenTrain.some((query) => !byReference.has(query.reference)))
  throw new Error('bench/queries/written.jsonl names a patent the corpus lacks')

const builder = new Bm25fBuilder()
const docOf = new Map<string, number>()
// Each patent's terms per field, as ids, for the reranker's features.
const fieldIds = rows.map((row, doc) => {
  docOf.set(row.reference, doc)
  return builder.add({
    title: row.title,
    abstract: withheld.has(row.reference) ? '' : (row.abstract ?? ''),
    claims: (row.claims ?? []).join('\n'),
    description: row.description ?? '',
  })
})
const built = builder.build([PARAMS])
const index = Bm25fIndex.inMemory(built)
console.log(
  `${rows.length} patents indexed, ${targets.length} training queries, ${heldOut.length} held out (${leftOut.size} benchmark and written-set patents left out) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
)

/**
 * Each query's candidates' features and textbook BM25 scores, where among them the patent looked for is, and
 * which model the server would ask (rerank.ts `queryStyle`).
 */
type Example = {
  style: Query['style']
  served: QueryStyle
  features: number[][]
  lexical: number[]
  target: number
}

function examplesOf(queries: Query[]) {
  const examples: Example[] = []
  const missed = new Map<string, number>()
  for (const query of queries) {
    const prepared = prepareQuery(index, query.text)
    const first = index.candidates(prepared.counts, PARAMS, FIRST_STAGE.depth, FIRST_STAGE.titleDepth)
    const target = first.findIndex((c) => c.doc === docOf.get(query.reference))
    if (target < 0) {
      missed.set(query.style, (missed.get(query.style) ?? 0) + 1)
      continue
    }
    const top = first[0]?.score ?? 0
    const features: number[][] = []
    const lexical: number[] = []
    first.forEach((candidate, rank) => {
      const fields = (fieldIds[candidate.doc] ?? []).map((ids) =>
        Array.from(ids, (id) => built.terms[id] as string),
      )
      const counts = countTerms(fields.flat())
      features.push(featuresOf(index, prepared, { ...candidate, fields }, rank, top, counts))
      lexical.push(index.textbookScore(prepared.counts, counts, candidate.doc))
    })
    examples.push({ style: query.style, served: queryStyle(query.text), features, lexical, target })
  }
  return { examples, missed }
}

const { examples, missed } = examplesOf(targets)
const counted = new Map<string, number>()
for (const { style } of examples) counted.set(style, (counted.get(style) ?? 0) + 1)
console.log(
  [...counted]
    .map(
      ([style, n]) =>
        `${style}: ${n} queries with their patent among the first stage's candidates, ${missed.get(style) ?? 0} without`,
    )
    .join('; '),
)
/**
 * The two models the server chooses between by the query's style (rerank.ts `queryStyle`): `register` learns
 * from the abstracts alone; `everyday` from every style, each weighing the same in the loss (the abstracts
 * keep it from fitting the few written queries too closely).
 */
const shares = {
  register: (style: string) => (style === 'abstract' ? 1 : 0),
  everyday: () => 1 / counted.size,
}
const weightsOf = (share: (style: string) => number) =>
  new Map([...counted].map(([style, n]) => [style, (examples.length * share(style)) / n]))

const dot = (w: number[], x: number[]) => x.reduce((sum, v, i) => sum + v * (w[i] as number), 0)

/**
 * Recall@1, 5 and 10 of each style over `queries` (a missed patent counts as not found), and how many of the
 * patents textbook BM25 ranks first among the candidates are in the ten.
 */
function recallByStyle(
  scoresOf: number[] | ((example: Example) => number[]),
  set: Example[],
  missing: Map<string, number>,
) {
  const empty = () => ({ n: 0, r1: 0, r5: 0, r10: 0, lexicalFirst: 0, kept: 0 })
  const found = new Map<string, ReturnType<typeof empty>>()
  for (const [style, n] of missing) found.set(style, { ...empty(), n })
  for (const example of set) {
    const { style, features, target, lexical } = example
    const scores = typeof scoresOf === 'function' ? scoresOf(example) : features.map((x) => dot(scoresOf, x))
    const better = scores.filter((s) => s > (scores[target] as number)).length
    const at = found.get(style) ?? empty()
    at.n++
    if (better === 0) at.r1++
    if (better < 5) at.r5++
    if (better < 10) at.r10++
    if (lexical.every((s) => s <= (lexical[target] as number))) {
      at.lexicalFirst++
      if (better < 10) at.kept++
    }
    found.set(style, at)
  }
  return [...found]
    .map(
      ([style, { n, r1, r5, r10, lexicalFirst, kept }]) =>
        `${style} ${(r1 / n).toFixed(3)} / ${(r5 / n).toFixed(3)} / ${(r10 / n).toFixed(3)} (BM25's first kept ${kept} of ${lexicalFirst})`,
    )
    .join('; ')
}

/** Mean cross-entropy of the softmax over each query's candidates, and its gradient, with L2. */
function lossAndGradient(weights: number[], styleWeight: Map<string, number>) {
  const gradient = new Array<number>(FEATURES.length).fill(0)
  let loss = 0
  for (const { style, features, target } of examples) {
    const weight = styleWeight.get(style) as number
    const scores = features.map((x) => dot(weights, x))
    const max = Math.max(...scores)
    const exps = scores.map((s) => Math.exp(s - max))
    const sum = exps.reduce((a, b) => a + b, 0)
    loss -= weight * Math.log((exps[target] as number) / sum)
    features.forEach((x, i) => {
      const p = weight * ((exps[i] as number) / sum - (i === target ? 1 : 0))
      x.forEach((v, f) => {
        gradient[f] = (gradient[f] as number) + p * v
      })
    })
  }
  const n = examples.length
  return {
    loss: loss / n + L2 * weights.reduce((s, w) => s + w * w, 0),
    gradient: gradient.map((g, f) => g / n + 2 * L2 * (weights[f] as number)),
  }
}

/** Adam from the first stage's own order (its score alone), `epochs` passes over every example. */
function trainModel(styleWeight: Map<string, number>) {
  const weights = [...firstStageOnly]
  const moment = weights.map(() => 0)
  const velocity = weights.map(() => 0)
  const rate = 0.05
  let last = 0
  for (let epoch = 1; epoch <= Number(values.epochs); epoch++) {
    const { loss, gradient } = lossAndGradient(weights, styleWeight)
    gradient.forEach((g, f) => {
      moment[f] = 0.9 * (moment[f] as number) + 0.1 * g
      velocity[f] = 0.999 * (velocity[f] as number) + 0.001 * g * g
      const m = (moment[f] as number) / (1 - 0.9 ** epoch)
      const v = (velocity[f] as number) / (1 - 0.999 ** epoch)
      weights[f] = (weights[f] as number) - (rate * m) / (Math.sqrt(v) + 1e-8)
    })
    last = loss
  }
  return { weights, loss: last }
}

const firstStageOnly: number[] = FEATURES.map((name) => (name === 'bm25f' ? 1 : 0))
const register = trainModel(weightsOf(shares.register))
const everyday = trainModel(weightsOf(shares.everyday))
const training = {
  firstStage: recallByStyle(firstStageOnly, examples, missed),
  register: recallByStyle(register.weights, examples, missed),
  everyday: recallByStyle(everyday.weights, examples, missed),
}
for (const [name, figures] of Object.entries(training))
  console.log(`training queries, recall@1 / @5 / @10, ${name}: ${figures}`)
for (const [name, { weights }] of Object.entries({ register, everyday }))
  console.log(
    `${name}: ${FEATURES.map((feature, f) => `${feature} ${(weights[f] as number).toFixed(3)}`).join(', ')}`,
  )
if (heldOut.length > 0) {
  const held = examplesOf(heldOut)
  for (const [name, weights] of Object.entries({
    firstStage: firstStageOnly,
    register: register.weights,
    everyday: everyday.weights,
  }))
    console.log(
      `held out, recall@1 / @5 / @10, ${name}: ${recallByStyle(weights, held.examples, held.missed)}`,
    )
  // As the server ranks: each query by the model its style picks, fused with textbook BM25.
  const models = { register: register.weights, everyday: everyday.weights }
  const served = (fusion: typeof FUSION | undefined) => (example: Example) => {
    const scores = example.features.map((x) => dot(models[example.served], x))
    if (!fusion) return scores
    // The fused order as scores: the first highest.
    const order = fusedOrder(scores, example.lexical, fusion)
    const ranked = new Array<number>(order.length)
    order.forEach((candidate, rank) => {
      ranked[candidate] = -rank
    })
    return ranked
  }
  const grid = values['fusion-grid']
    ? [5, 10, 20, 40].flatMap((k) => [0.25, 0.5, 1].map((lexical) => ({ ...FUSION, k, lexical })))
    : [FUSION]
  const name = (fusion: typeof FUSION | undefined) =>
    fusion ? `fused k ${fusion.k} lexical ${fusion.lexical}` : 'unfused'
  // On the training queries too: the lexical matches a model loses are rare, and most are among these.
  for (const fusion of [undefined, FUSION])
    console.log(
      `training queries, recall@1 / @5 / @10, served ${name(fusion)}: ${recallByStyle(served(fusion), examples, missed)}`,
    )
  for (const fusion of [undefined, ...grid])
    console.log(
      `held out, recall@1 / @5 / @10, served ${name(fusion)}: ${recallByStyle(served(fusion), held.examples, held.missed)}`,
    )
  console.log('held-out run: reranker.json left as it is')
} else {
  const rounded = ({ weights, loss }: { weights: number[]; loss: number }) => ({
    weights: weights.map((w) => Number(w.toFixed(5))),
    bias: 0,
    loss: Number(loss.toFixed(4)),
  })
  const model = {
    features: [...FEATURES],
    models: { everyday: rounded(everyday), register: rounded(register) },
    trained: {
      by: 'npm run train:reranker',
      patents: rows.length,
      queries: { ...Object.fromEntries(counted), seed: Number(values.seed) },
      leftOut: `the ${leftOut.size} patents bench:prior-art draws (seed ${BENCH_SEED}, ${BENCH_SAMPLE} per task) or the written sets describe`,
      trainingRecall: training,
    },
  }
  fs.writeFileSync(output, `${JSON.stringify(model, null, 2)}\n`)
  console.log(`written to ${output.pathname}`)
}
