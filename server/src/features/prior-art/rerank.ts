import fs from 'node:fs'
import { z } from 'zod'
import { cosine, tfIdf as weighAgainst } from '~/shared/tf-idf'
import { type Bm25fIndex, type FieldTexts, fieldIndex } from './bm25f'
import { PARAMS } from './params'
import { countTerms, termsOf } from './terms'

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

export type RerankCandidate = { doc: number; score: number; texts: FieldTexts }

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

/** A candidate's features (FEATURES order) and what the analysis shows of the match. */
export function describeCandidate(
  index: Bm25fIndex,
  query: PreparedQuery,
  candidate: RerankCandidate,
  rank: number,
  top: number,
) {
  const { title: titleText, abstract, claims, description } = candidate.texts
  // The parts a reader compares an invention with: the front page, the claims, the description.
  const parts = [`${titleText}\n${abstract}`, claims, description].map(termsOf)
  const all = parts.flat()
  const weights = tfIdf(index, countTerms(all))
  const { value, shared } = cosine(query.weights, weights)
  // What the user is shown: how close the invention comes to the part of the patent it matches best.
  const closest = Math.max(
    value,
    ...parts.map((terms) => cosine(query.weights, tfIdf(index, countTerms(terms))).value),
  )
  const bigrams = bigramsOf(all)
  let sharedBigrams = 0
  for (const pair of query.bigrams) if (bigrams.has(pair)) sharedBigrams++
  const title = new Set(termsOf(titleText))
  let titleHits = 0
  for (const term of title) if (query.counts.has(term)) titleHits++
  const fieldTitle = index.fieldScore(query.counts, candidate.doc, fieldIndex('title'), PARAMS)
  const scale = top || 1
  const features = [
    candidate.score / scale,
    1 / (1 + rank),
    fieldTitle / scale,
    query.bigrams.size === 0 ? 0 : sharedBigrams / query.bigrams.size,
    Math.log1p(sharedBigrams),
    title.size === 0 ? 0 : titleHits / title.size,
    value,
  ]
  return { features, closest, shared, terms: [...weights.keys()] }
}

/** The linear model `npm run train:reranker` writes (bench/train-reranker.ts), shipped as data. */
const ModelSchema = z.object({
  features: z.array(z.string()),
  weights: z.array(z.number()),
  bias: z.number(),
  trained: z.unknown(),
})
const model = ModelSchema.parse(
  JSON.parse(fs.readFileSync(new URL('./reranker.json', import.meta.url), 'utf8')),
)
if (model.features.join() !== FEATURES.join())
  throw new Error('reranker.json was trained on other features: run `npm run train:reranker`')

/** The model's score of a candidate's features: higher is likelier the patent looked for. */
export function rerankScore(features: number[]) {
  return features.reduce((sum, x, i) => sum + x * (model.weights[i] as number), model.bias)
}
