import { z } from 'zod'
import { countTerms, termsOf } from '~/shared/terms'
import { cosine, tfIdf as weighAgainst } from '~/shared/tf-idf'
import type { Bm25fIndex } from './bm25f'
import { fieldIndex, type ScoredDocument } from './bm25f-fields'
import { PARAMS } from './params'
import reranker from './reranker.json' with { type: 'json' }

/**
 * What the reranker looks at for each first-stage candidate, scores relative to the query's best candidate
 * so that long and short queries compare. Besides the title, every feature reads the whole patent: the
 * benchmark withholds the target's abstract, and features of the other fields alone would let a model
 * learn to discount abstracts, which only pays where the target has none (docs/decisions/0014).
 */
export const FEATURES = [
  'bm25f',
  'reciprocalRank',
  'title',
  'bigramShare',
  'bigramCount',
  'titleCoverage',
  'cosine',
] as const

/**
 * A first-stage candidate: its document (an id of the index, or the field lengths of a live source's
 * patent), its BM25F score, and each field's terms in order (FIELDS order).
 */
export type RerankCandidate = { doc: ScoredDocument; score: number; fields: string[][] }

/** TF-IDF weights of counted terms against the index. */
export function tfIdf(index: Bm25fIndex, counts: Map<string, number>) {
  return weighAgainst(counts, (term) => index.documentFrequency(term), index.size)
}

function bigramsOf(terms: string[]) {
  const pairs = new Set<string>()
  for (let i = 0; i + 1 < terms.length; i++) pairs.add(`${terms[i]} ${terms[i + 1]}`)
  return pairs
}

/** A query as the reranker needs it: its terms in order, counted, weighed, and its bigrams. */
export function prepareQuery(index: Bm25fIndex, text: string) {
  const terms = termsOf(text)
  const counts = countTerms(terms)
  return { counts, weights: tfIdf(index, counts), bigrams: bigramsOf(terms) }
}
export type PreparedQuery = ReturnType<typeof prepareQuery>

/** A candidate's features, FEATURES order; `counts`: its terms counted over every field. */
export function featuresOf(
  index: Bm25fIndex,
  query: PreparedQuery,
  candidate: RerankCandidate,
  rank: number,
  top: number,
  counts = countTerms(candidate.fields.flat()),
) {
  const titleTerms = candidate.fields[0] ?? []
  const all = candidate.fields.flat()
  const { value } = cosine(query.weights, tfIdf(index, counts))
  // The query's bigrams found among the patent's adjacent terms (field boundaries included).
  const sharedBigrams = new Set<string>()
  for (let i = 0; i + 1 < all.length; i++) {
    const pair = `${all[i]} ${all[i + 1]}`
    if (query.bigrams.has(pair)) sharedBigrams.add(pair)
  }
  const title = new Set(titleTerms)
  let titleHits = 0
  for (const term of title) if (query.counts.has(term)) titleHits++
  const fieldTitle = index.fieldScore(
    query.counts,
    countTerms(titleTerms),
    candidate.doc,
    fieldIndex('title'),
    PARAMS,
  )
  const scale = top || 1
  return [
    candidate.score / scale,
    1 / (1 + rank),
    fieldTitle / scale,
    query.bigrams.size === 0 ? 0 : sharedBigrams.size / query.bigrams.size,
    Math.log1p(sharedBigrams.size),
    title.size === 0 ? 0 : titleHits / title.size,
    value,
  ]
}

/**
 * What the analysis shows of a patent it keeps: how close the input comes to the part of the patent it
 * matches best (front page, claims or description), and the terms both share.
 */
export function detailsOf(index: Bm25fIndex, query: PreparedQuery, fields: string[][]) {
  const [titleTerms = [], abstract = [], claims = [], description = []] = fields
  const parts = [[...titleTerms, ...abstract], claims, description]
  const weights = tfIdf(index, countTerms(parts.flat()))
  const { value, shared } = cosine(query.weights, weights)
  const closest = Math.max(
    value,
    ...parts.map((terms) => cosine(query.weights, tfIdf(index, countTerms(terms))).value),
  )
  return { closest, shared }
}

/**
 * How a query is written: `everyday` (a description in the writer's own words, "we", "my", "our app", or a
 * line typed into a search box) or the patent `register` (an abstract, a claim). Each has its own
 * weights: a model that fits one register ranks the other worse (docs/decisions/0024).
 */
export type QueryStyle = 'everyday' | 'register'

const SHORT_QUERY_WORDS = 30
const PERSONAL = new Set([
  'we',
  'our',
  'ours',
  'my',
  'me',
  'us',
  'you',
  'your',
  "i'm",
  "i've",
  "we're",
  "we've",
  "i'd",
])

export function queryStyle(text: string): QueryStyle {
  const words = text.toLowerCase().match(/[a-z']+/g) ?? []
  if (words.length <= SHORT_QUERY_WORDS || words.some((word) => PERSONAL.has(word))) return 'everyday'
  // "I" as a word, not a formula's numeral ("compound (I)", "formula I)").
  return /\bI\b(?! ?\))/.test(text) ? 'everyday' : 'register'
}

/** The linear models `npm run train:reranker` writes (bench/train-reranker.ts), shipped as data. */
const WeightsSchema = z.object({ weights: z.array(z.number()), bias: z.number() })
const ModelSchema = z.object({
  features: z.array(z.string()),
  models: z.object({ everyday: WeightsSchema, register: WeightsSchema }),
  trained: z.unknown(),
})
/** Read on first use, so that training (which writes it) can run on these features whatever it holds. */
let model: z.infer<typeof ModelSchema> | undefined
function trainedModel() {
  if (model) return model
  const read = ModelSchema.parse(reranker)
  if (read.features.join() !== FEATURES.join())
    throw new Error('reranker.json was trained on other features: run `npm run train:reranker`')
  model = read
  return read
}

/** The score of a candidate's features by the model of the query's style: higher is likelier the patent looked for. */
export function rerankScore(features: number[], style: QueryStyle) {
  const { weights, bias } = trainedModel().models[style]
  return features.reduce((sum, x, i) => sum + x * (weights[i] as number), bias)
}

/**
 * How the reranker's order is fused with textbook BM25's: a candidate scores 1 / (k + its rank by the
 * reranker) plus lexical / (k + its rank by textbook BM25), ranks from 0, and the `first` best so are the
 * first the analysis lists (it shows ten), ordered among themselves by the reranker. A patent that shares
 * the input's own words, first by plain BM25, is kept unless the reranker ranks it far down, and the
 * reranker's first is first still. Chosen on the training queries of every style (docs/decisions/0032).
 */
export const FUSION = { k: 5, lexical: 0.5, first: 10 }

/** Indexes of the scores, the highest first; equal scores in the candidates' (first stage's) order. */
function orderOf(scores: number[]) {
  return scores.map((_, i) => i).sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b)
}

/** Each score's rank, 0 the highest. */
function ranksOf(scores: number[]) {
  const ranks = new Array<number>(scores.length)
  orderOf(scores).forEach((i, rank) => {
    ranks[i] = rank
  })
  return ranks
}

/** The candidates in the order FUSION makes of the reranker's scores and textbook BM25's. */
export function fusedOrder(model: number[], lexical: number[], fusion = FUSION) {
  const byModel = ranksOf(model)
  const byLexical = ranksOf(lexical)
  const order = orderOf(
    model.map(
      (_, i) =>
        1 / (fusion.k + (byModel[i] as number)) + fusion.lexical / (fusion.k + (byLexical[i] as number)),
    ),
  )
  const first = order
    .slice(0, fusion.first)
    .sort((a, b) => (model[b] as number) - (model[a] as number) || a - b)
  return [...first, ...order.slice(fusion.first)]
}

/**
 * The first stage's candidates in the order the analysis lists them (indexes, best first), and each one's
 * reranker score: by the model of the query's style, fused with textbook BM25 (FUSION).
 */
export function rerankOrder(
  index: Bm25fIndex,
  query: PreparedQuery,
  style: QueryStyle,
  candidates: RerankCandidate[],
) {
  const top = candidates[0]?.score ?? 0
  const scores: number[] = []
  const lexical: number[] = []
  candidates.forEach((candidate, rank) => {
    const counts = countTerms(candidate.fields.flat())
    scores.push(rerankScore(featuresOf(index, query, candidate, rank, top, counts), style))
    lexical.push(index.textbookScore(query.counts, counts, candidate.doc))
  })
  return { order: fusedOrder(scores, lexical), scores }
}
