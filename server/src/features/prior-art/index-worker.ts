import { Bm25fBuilder, type Bm25fIndex, type FieldTexts } from './bm25f'
import { FIRST_STAGE, PARAMS } from './params'
import { describeCandidate, prepareQuery, rerankScore, tfIdf } from './rerank'
import { surfaceWords, termCounts, wordTerms } from './terms'

/**
 * The prior-art index, in a thread of its own: building it and scoring a query are seconds and tens of
 * milliseconds of CPU the server's thread must not spend. The thread keeps one index and builds the next
 * beside it, so searches go on during a rebuild.
 */
export type IndexedPatent = { reference: string; texts: FieldTexts }
export type Candidate = { reference: string; score: number }
export type Reranked = {
  reference: string
  /** The reranker's score: higher is likelier the patent looked for. */
  score: number
  /** TF-IDF cosine of the query and the part of the patent it comes closest to (front page, claims or description), 0–1. */
  closest: number
  /** The terms both share, by their part in the cosine, largest first. */
  shared: string[]
  /** Every term of the patent's text. */
  terms: string[]
}

/** Reranked candidates sent back: enough for ten inventions once duplicates are collapsed. */
const RERANKED_KEPT = 50

type Built = { index: Bm25fIndex; references: string[]; docOf: Map<string, number>; version: string }
let building: { builder: Bm25fBuilder; references: string[]; version: string } | undefined
let current: Built | undefined

export function start(version: string) {
  building = { builder: new Bm25fBuilder(), references: [], version }
}

export function add(patents: IndexedPatent[]) {
  if (!building) throw new Error('add before start')
  for (const { reference, texts } of patents) {
    building.builder.add(texts)
    building.references.push(reference)
  }
}

/** Puts the index built since `start` in place of the current one; answers its size. */
export function finish() {
  if (!building) throw new Error('finish before start')
  const { builder, references, version } = building
  building = undefined
  const docOf = new Map(references.map((reference, doc) => [reference, doc]))
  current = { index: builder.build(), references, docOf, version }
  return { patents: references.length, version }
}

/** The first stage's candidates for a text, best first; undefined when this thread holds no index yet. */
export function search(text: string): Candidate[] | undefined {
  if (!current) return undefined
  const { index, references } = current
  return index
    .candidates(termCounts(text), PARAMS, FIRST_STAGE.depth, FIRST_STAGE.titleDepth)
    .map(({ doc, score }) => ({ reference: references[doc] as string, score }))
}

/**
 * First-stage candidates, in their order and with their BM25F scores, reordered by the reranker, the best
 * RERANKED_KEPT of them (each carries every term of its patent); those the index no longer holds are left out.
 */
export function rerank({
  text,
  candidates,
}: {
  text: string
  candidates: (IndexedPatent & { score: number })[]
}): Reranked[] | undefined {
  if (!current) return undefined
  const { index, docOf } = current
  const query = prepareQuery(index, text)
  const top = candidates[0]?.score ?? 0
  return candidates
    .flatMap((candidate, rank) => {
      const doc = docOf.get(candidate.reference)
      if (doc === undefined) return []
      const described = describeCandidate(index, query, { ...candidate, doc }, rank, top)
      return [
        {
          reference: candidate.reference,
          score: rerankScore(described.features),
          closest: described.closest,
          shared: described.shared,
          terms: described.terms,
        },
      ]
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, RERANKED_KEPT)
}

/**
 * A text's terms weighed against the index (TF-IDF); the word the text uses most for each term, and each
 * word's term; the number of patents indexed.
 */
export function weigh(text: string) {
  if (!current) return undefined
  return {
    weights: [...tfIdf(current.index, termCounts(text))],
    words: [...surfaceWords(text)],
    terms: [...wordTerms(text)],
    corpusSize: current.index.size,
  }
}
