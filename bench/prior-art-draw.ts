/**
 * Which corpus patents the prior-art benchmark looks for, and which the reranker may learn from: the
 * training script leaves out every patent the benchmark draws, so the figures are on patents it never saw.
 */
import type { CorpusRow } from './corpus'

/** A deterministic random sequence (mulberry32), so every run draws the same patents. */
export function random(seed: number) {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function draw<T>(items: T[], count: number, seed: number) {
  const next = random(seed)
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy.slice(0, count)
}

const normalise = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
const words = (text: string | null | undefined) => normalise(text).split(' ').filter(Boolean).length

/** Patents no other patent shares a title, abstract or first claim with. */
export function withoutSiblings(rows: CorpusRow[]) {
  const seen = new Map<string, number>()
  const keys = (row: CorpusRow) =>
    [`t:${normalise(row.title)}`, `a:${normalise(row.abstract)}`, `c:${normalise(row.claims?.[0])}`].filter(
      (key) => key.length > 2,
    )
  for (const row of rows) for (const key of keys(row)) seen.set(key, (seen.get(key) ?? 0) + 1)
  return rows.filter((row) => keys(row).every((key) => seen.get(key) === 1))
}

/** Patents that can be looked for by their abstract (30 words or more) and by their first claim (15 or more). */
export const withAbstract = (rows: CorpusRow[]) => rows.filter((row) => words(row.abstract) >= 30)
export const withFirstClaim = (rows: CorpusRow[]) => rows.filter((row) => words(row.claims?.[0]) >= 15)

/** The benchmark's draw: `size` sibling-free patents for each task, the same for the same seed. */
export function benchTargets(eligible: CorpusRow[], size: number, seed: number) {
  return {
    abstract: draw(withAbstract(eligible), size, seed),
    firstClaim: draw(withFirstClaim(eligible), size, seed),
  }
}

/** The benchmark's default draw, which training leaves out. */
export const BENCH_SAMPLE = 300
export const BENCH_SEED = 12

/** How many patents the written query sets (plain words, one line) describe, to evaluate and to train on. */
export const WRITTEN_EVAL = 120
export const WRITTEN_TRAIN = 400
const WRITTEN_SEED = 31

/**
 * The patents the written query sets describe: sibling-free, with an abstract a writer can read, none of
 * the benchmark's abstract or claim draws; the first WRITTEN_EVAL evaluate, the next WRITTEN_TRAIN train.
 */
export function writtenTargets(eligible: CorpusRow[]) {
  const bench = benchTargets(eligible, BENCH_SAMPLE, BENCH_SEED)
  const taken = new Set([...bench.abstract, ...bench.firstClaim].map((row) => row.reference))
  const drawn = draw(
    withAbstract(eligible.filter((row) => !taken.has(row.reference))),
    WRITTEN_EVAL + WRITTEN_TRAIN,
    WRITTEN_SEED,
  )
  return { evaluate: drawn.slice(0, WRITTEN_EVAL), train: drawn.slice(WRITTEN_EVAL) }
}

/** The patents the benchmark's draws and the written sets take, which training never learns from. */
export function benchmarkPatents(eligible: CorpusRow[]) {
  const bench = benchTargets(eligible, BENCH_SAMPLE, BENCH_SEED)
  const written = writtenTargets(eligible)
  return new Set(
    [...bench.abstract, ...bench.firstClaim, ...written.evaluate, ...written.train].map(
      (row) => row.reference,
    ),
  )
}

/** Patents of neither the benchmark's draws nor the written sets, to draw the training abstracts from. */
function unwritten(eligible: CorpusRow[]) {
  const taken = benchmarkPatents(eligible)
  return withAbstract(eligible.filter((row) => !taken.has(row.reference)))
}

/**
 * The abstracts the reranker learns from (`count` of them, training and held out together); a larger count
 * with the same seed draws the same patents first.
 */
export const trainingAbstracts = (eligible: CorpusRow[], count: number, seed: number) =>
  draw(unwritten(eligible), count, seed)

/** The most abstracts training draws (`--queries` and `--holdout` together) and its default seed. */
export const TRAINING_MOST = 1200
export const TRAINING_SEED = 7

/** How many patents the unfiltered plain-words set describes; it is only ever evaluated on. */
export const UNFILTERED_EVAL = 120
const UNFILTERED_SEED = 43

/**
 * The patents of the unfiltered plain-words set (bench/queries/unfiltered.jsonl): sibling-free, with an
 * abstract, in no other draw and never among the abstracts training may draw.
 */
export function unfilteredTargets(eligible: CorpusRow[]) {
  const training = new Set(
    trainingAbstracts(eligible, TRAINING_MOST, TRAINING_SEED).map((row) => row.reference),
  )
  const rest = unwritten(eligible).filter((row) => !training.has(row.reference))
  return draw(rest, UNFILTERED_EVAL, UNFILTERED_SEED)
}
