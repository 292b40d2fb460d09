import os from 'node:os'
import { countTerms, surfaceWords, termCounts, termsOf, wordTerms } from '~/shared/terms'
import { FIELDS, type FieldTexts, type ScoredDocument } from './bm25f-fields'
import { IndexFile } from './index-file'
import { type IndexQuery, searchIndex } from './index-search'
import { FIRST_STAGE, PARAMS } from './params'
import { earlierThan, filingsPerYear } from './patent-facts'
import { type PercolatedPatent, percolate, type SavedQueryToMatch } from './percolate'
import { detailsOf, prepareQuery, queryStyle, rerankOrder, tfIdf } from './rerank'

/**
 * The queries of the patent index, in a thread of their own: scoring a query is tens of milliseconds of CPU
 * the server's thread must not spend. Each task names the index file to answer from (the server moves to a
 * new one after a rebuild); the thread keeps the last one open.
 */
export type Candidate = { reference: string; score: number }
export type Reranked = {
  reference: string
  /**
   * The reranker model's score: higher is likelier the patent looked for (the order also weighs plain
   * BM25: rerank.ts FUSION).
   */
  score: number
  /** TF-IDF cosine of the query and the part of the patent it comes closest to (front page, claims or description), 0–1. */
  closest: number
  /** The terms both share, by their part in the cosine, largest first. */
  shared: string[]
}

/** Reranked candidates sent back: enough for ten inventions once duplicates are collapsed. */
const RERANKED_KEPT = 50

let open: { path: string; file: IndexFile } | undefined

function indexAt(path: string) {
  if (open?.path !== path) {
    open?.file.close()
    open = undefined
    open = { path, file: IndexFile.open(path) }
  }
  return open.file
}

type Task<T = unknown> = { file: string } & T

/** Opens the file ahead of the first query; answers how many patents it holds. */
export function load({ file }: Task) {
  return indexAt(file).size
}

/** The first stage's candidates; with a cut-off (YYYY-MM-DD), only patents filed or with a priority before it. */
function firstStage(file: IndexFile, text: string, cutOff?: string) {
  const allowed = cutOff === undefined ? undefined : earlierThan(file.facts, cutOff)
  return file.bm25.candidates(termCounts(text), PARAMS, FIRST_STAGE.depth, FIRST_STAGE.titleDepth, allowed)
}

/** The first stage's candidates for a text, best first. */
export function candidates({ file, text }: Task<{ text: string }>): Candidate[] {
  const index = indexAt(file)
  return firstStage(index, text).map(({ doc, score }) => ({
    reference: index.references[doc] as string,
    score,
  }))
}

/** A patent the index does not hold (a live source's), with its texts, to be ranked beside the index's. */
export type Visitor = { reference: string; texts: FieldTexts }

/**
 * Visitors as first-stage candidates: scored by BM25F against the corpus's statistics as the index's own
 * are, and placed among them by that score; a visitor that shares no term with the text is no candidate.
 */
function withVisitors(
  index: IndexFile,
  text: string,
  candidates: { reference: string; doc: ScoredDocument; score: number; fields: string[][] }[],
  visitors: Visitor[],
) {
  const query = termCounts(text)
  const scored = visitors
    .map((visitor) => {
      const fields = FIELDS.map((field) => termsOf(visitor.texts[field]))
      const counts = fields.map(countTerms)
      return {
        reference: visitor.reference,
        doc: fields.map((terms) => terms.length),
        fields,
        score: index.bm25.scoreOf(query, counts, PARAMS),
      }
    })
    .filter((visitor) => visitor.score > 0)
  const merged = [...candidates]
  for (const visitor of scored) {
    const at = merged.findIndex((candidate) => candidate.score < visitor.score)
    merged.splice(at === -1 ? merged.length : at, 0, visitor)
  }
  return merged
}

/**
 * Prior art for a text: the first stage's candidates (with any visitors among them) reordered by the
 * reranker (rerank.ts `rerankOrder`), the best RERANKED_KEPT of them, and how many were considered. With a
 * cut-off, no patent of the index filed (or with a priority) only on or after it; visitors are dated by
 * whoever sends them.
 */
export function similar({
  file,
  text,
  cutOff,
  visitors = [],
}: Task<{ text: string; cutOff?: string; visitors?: Visitor[] }>) {
  const index = indexAt(file)
  const first = firstStage(index, text, cutOff).map((candidate) => ({
    ...candidate,
    reference: index.references[candidate.doc] as string,
    fields: index.fieldTerms(candidate.doc),
  }))
  const candidates = withVisitors(index, text, first, visitors)
  const query = prepareQuery(index.bm25, text)
  const { order, scores } = rerankOrder(index.bm25, query, queryStyle(text), candidates)
  const ranked: Reranked[] = order.slice(0, RERANKED_KEPT).map((i) => {
    const { reference, fields } = candidates[i] as (typeof candidates)[number]
    return { reference, score: scores[i] as number, ...detailsOf(index.bm25, query, fields) }
  })
  return { considered: candidates.length, ranked }
}

/** The first stage's best few for each text: claim elements, which BM25F finds well on its own. */
const CLOSEST_KEPT = 5

/**
 * For each text, the first stage's best CLOSEST_KEPT (BM25F, no reranking: a few milliseconds each), with a
 * cut-off as `similar` has it.
 */
export function closest({ file, texts, cutOff }: Task<{ texts: string[]; cutOff?: string }>): Candidate[][] {
  const index = indexAt(file)
  return texts.map((text) =>
    firstStage(index, text, cutOff)
      .slice(0, CLOSEST_KEPT)
      .map(({ doc, score }) => ({ reference: index.references[doc] as string, score })),
  )
}

/**
 * Each text's terms weighed against the index (TF-IDF); the word the text uses most for each term, and each
 * word's term; the number of patents indexed.
 */
export function weigh({ file, texts }: Task<{ texts: string[] }>) {
  const index = indexAt(file)
  return texts.map((text) => ({
    weights: [...tfIdf(index.bm25, termCounts(text))],
    words: [...surfaceWords(text)],
    terms: [...wordTerms(text)],
    corpusSize: index.size,
  }))
}

/** Filings per year of the patents holding any of the words, beside the corpus's own filings per year. */
export function activity({ file, words }: Task<{ words: string[] }>) {
  const index = indexAt(file)
  const holding = new Uint8Array(index.size)
  for (const term of new Set(termsOf(words.join(' ')))) {
    const docs = index.bm25.documentsWith(term)
    for (let i = 0; i < docs.length; i++) holding[docs[i] as number] = 1
  }
  return {
    related: words.length === 0 ? [] : filingsPerYear(index.facts, (doc) => holding[doc] === 1),
    all: filingsPerYear(index.facts),
  }
}

/** The search box's query (index-search.ts). */
export function query({ file, ...request }: Task<IndexQuery>) {
  return searchIndex(indexAt(file), request)
}

/**
 * How much less than the server's other threads the matching thread asks of the cores: on Linux the nice
 * value belongs to the thread that sets it, so the searches and the database come first while an import is
 * matched (decision 36), and the matching takes what they leave.
 */
const MATCHING_NICE = 10
let lowered = false

/**
 * Which saved queries match which of an import's patents (percolate.ts): their own index, written at
 * `file` and removed after; the open index is not read. Run on a thread of its own, at a lower priority.
 */
export function percolateImport({
  file,
  patents,
  queries,
}: Task<{ patents: PercolatedPatent[]; queries: SavedQueryToMatch[] }>) {
  if (!lowered) {
    lowered = true
    try {
      os.setPriority(MATCHING_NICE)
    } catch {
      // A system that refuses leaves the thread as it was: slower searches meanwhile, never a failed match.
    }
  }
  return percolate(file, patents, queries)
}
