/**
 * Trains the prior-art reranker and writes server/src/features/prior-art/reranker.json, the data the server
 * ships. The task is the benchmark's, on other patents: sibling-free corpus patents, none of those
 * `npm run bench:prior-art` draws, each looked for by its abstract with that abstract withheld from the
 * index (the first-claim task has no patents left to learn from: the corpus has few claims and the
 * benchmark takes them). For each query the first stage's best
 * first-stage candidates (FIRST_STAGE) are described by the reranker's features (the server's own code), and a linear
 * model is fitted to put the patent looked for first: a softmax over each query's candidates, its
 * cross-entropy minimised by Adam with a little L2. Queries whose patent the first stage missed teach
 * nothing and are left out. Deterministic: the same corpus gives the same weights.
 *
 *   npm run train:reranker [-- --queries 1050 --seed 7]
 */
import fs from 'node:fs'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { Bm25fBuilder, Bm25fIndex } from '~/features/prior-art/bm25f'
import { FIRST_STAGE, PARAMS } from '~/features/prior-art/params'
import { FEATURES, featuresOf, prepareQuery } from '~/features/prior-art/rerank'
import { readCorpus } from './corpus'
import { BENCH_SAMPLE, BENCH_SEED, benchTargets, draw, withAbstract, withoutSiblings } from './prior-art-draw'

const { values } = parseArgs({
  options: {
    queries: { type: 'string', default: '1050' },
    seed: { type: 'string', default: '7' },
    epochs: { type: 'string', default: '400' },
  },
})

const L2 = 1e-3
const output = new URL('../server/src/features/prior-art/reranker.json', import.meta.url)

const started = performance.now()
const rows = await readCorpus()
const eligible = withoutSiblings(rows)
const bench = benchTargets(eligible, BENCH_SAMPLE, BENCH_SEED)
const benchReferences = new Set([...bench.abstract, ...bench.firstClaim].map((row) => row.reference))
const pool = eligible.filter((row) => !benchReferences.has(row.reference))
const targets = draw(withAbstract(pool), Number(values.queries), Number(values.seed))
const withheld = new Set(targets.map((row) => row.reference))

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
const built = builder.build()
const index = Bm25fIndex.inMemory(built)
console.log(
  `${rows.length} patents indexed, ${targets.length} queries (${benchReferences.size} benchmark patents left out) in ${((performance.now() - started) / 1000).toFixed(0)} s`,
)

/** Each query's candidates' features, and where among them the patent looked for is. */
type Example = { features: number[][]; target: number }
const examples: Example[] = []
let missed = 0
for (const row of targets) {
  const query = prepareQuery(index, row.abstract ?? '')
  const first = index.candidates(query.counts, PARAMS, FIRST_STAGE.depth, FIRST_STAGE.titleDepth)
  const target = first.findIndex((c) => c.doc === docOf.get(row.reference))
  if (target < 0) {
    missed++
    continue
  }
  const top = first[0]?.score ?? 0
  const features = first.map((candidate, rank) => {
    const fields = (fieldIds[candidate.doc] ?? []).map((ids) =>
      Array.from(ids, (id) => built.terms[id] as string),
    )
    return featuresOf(index, query, { ...candidate, fields }, rank, top)
  })
  examples.push({ features, target })
}
console.log(
  `${examples.length} queries with their patent among the first stage's candidates; ${missed} without`,
)

const dot = (w: number[], x: number[]) => x.reduce((sum, v, i) => sum + v * (w[i] as number), 0)

function recall(weights: number[]) {
  let first = 0
  let five = 0
  for (const { features, target } of examples) {
    const scores = features.map((x) => dot(weights, x))
    const better = scores.filter((s) => s > (scores[target] as number)).length
    if (better === 0) first++
    if (better < 5) five++
  }
  return { r1: first / examples.length, r5: five / examples.length }
}

/** Mean cross-entropy of the softmax over each query's candidates, and its gradient, with L2. */
function lossAndGradient(weights: number[]) {
  const gradient = new Array<number>(FEATURES.length).fill(0)
  let loss = 0
  for (const { features, target } of examples) {
    const scores = features.map((x) => dot(weights, x))
    const max = Math.max(...scores)
    const exps = scores.map((s) => Math.exp(s - max))
    const sum = exps.reduce((a, b) => a + b, 0)
    loss -= Math.log((exps[target] as number) / sum)
    features.forEach((x, i) => {
      const p = (exps[i] as number) / sum - (i === target ? 1 : 0)
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

// Start from the first stage's own order: its score alone.
const weights: number[] = FEATURES.map((name) => (name === 'bm25f' ? 1 : 0))
const before = recall(weights)
const moment = weights.map(() => 0)
const velocity = weights.map(() => 0)
const rate = 0.05
let last = 0
for (let epoch = 1; epoch <= Number(values.epochs); epoch++) {
  const { loss, gradient } = lossAndGradient(weights)
  gradient.forEach((g, f) => {
    moment[f] = 0.9 * (moment[f] as number) + 0.1 * g
    velocity[f] = 0.999 * (velocity[f] as number) + 0.001 * g * g
    const m = (moment[f] as number) / (1 - 0.9 ** epoch)
    const v = (velocity[f] as number) / (1 - 0.999 ** epoch)
    weights[f] = (weights[f] as number) - (rate * m) / (Math.sqrt(v) + 1e-8)
  })
  if (epoch % 100 === 0) console.log(`epoch ${epoch}: loss ${loss.toFixed(4)}`)
  last = loss
}
const after = recall(weights)
console.log(
  `on the training queries: first stage recall@1 ${before.r1.toFixed(3)} @5 ${before.r5.toFixed(3)}; reranked @1 ${after.r1.toFixed(3)} @5 ${after.r5.toFixed(3)}`,
)
console.log(FEATURES.map((name, f) => `${name} ${(weights[f] as number).toFixed(3)}`).join(', '))

const model = {
  features: [...FEATURES],
  weights: weights.map((w) => Number(w.toFixed(5))),
  bias: 0,
  trained: {
    by: 'npm run train:reranker',
    patents: rows.length,
    queries: { byAbstract: targets.length, seed: Number(values.seed) },
    leftOut: `the ${benchReferences.size} patents bench:prior-art draws (seed ${BENCH_SEED}, ${BENCH_SAMPLE} per task)`,
    usable: examples.length,
    loss: Number(last.toFixed(4)),
    trainingRecall: {
      firstStage: { at1: Number(before.r1.toFixed(3)), at5: Number(before.r5.toFixed(3)) },
      reranked: { at1: Number(after.r1.toFixed(3)), at5: Number(after.r5.toFixed(3)) },
    },
  },
}
fs.writeFileSync(output, `${JSON.stringify(model, null, 2)}\n`)
console.log(`written to ${output.pathname}`)
