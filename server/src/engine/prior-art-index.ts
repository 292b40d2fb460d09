import type { FieldTexts } from './prior-art/bm25f-fields'
import type { IndexAnswer, IndexQuery } from './prior-art/index-search'
import type { Candidate, Reranked } from './prior-art/index-worker'
import type { SavedQueryToMatch } from './prior-art/percolate'
import type * as repo from './prior-art/prior-art.repo'

/** What the analysis shows of a similar patent, from the database (`source` 'corpus') or a live source. */
export type PatentSummary = Awaited<ReturnType<typeof repo.findSummaries>>[number]

/**
 * A patent a live source (Google Patents, the EPO) offers as prior art, which the corpus does not hold: ranked
 * and charted beside the corpus's patents, never stored. `texts` as the index holds a patent's fields (the
 * claims one text); `source` names where it came from.
 */
export type SourcePatent = Omit<PatentSummary, 'family' | 'familyId'> & {
  claims: string[]
  description: string | null
  texts: FieldTexts
}
export type { SavedQueryToMatch }
export type FilingsPerYear = { year: number; filings: number }[]
/**
 * A text's terms weighed against the corpus (TF-IDF: rarer in the corpus, heavier); `words`: the word the
 * text uses most for each term; `terms`: each word's term; the number of patents indexed.
 */
export type Weighed = {
  weights: Map<string, number>
  words: Map<string, string>
  terms: Map<string, string>
  corpusSize: number
}

/**
 * What the rest of the server asks of the patent index: the search box, the analysis's prior art and the
 * terms' weights. It is the seam where another engine plugs in (docs/decisions/0028): this product's index
 * file, queried by threads of the server (`createPriorArtIndex`, patent-index.ts), is one adapter; an
 * engine made for many machines (OpenSearch serving BM25F over the same four fields, the reranker kept in
 * the app) would be another. An adapter passes `prior-art-index.contract.ts`. A method that cannot answer
 * rejects with AppError UNAVAILABLE and the contract's message, which the routes answer with 503.
 */
export interface PriorArtIndex {
  /** Builds or opens what the queries need, so that the first query does not wait; never rejects. */
  warm(): Promise<void>

  /** Resolves once the index answers for the patents as they are now (after a load or an import). */
  refresh(): Promise<void>

  /**
   * The first stage for a text: the best patents by BM25F over title, abstract, claims and description
   * (the title counting most) and the best by the title alone, each once, with its BM25F score; at most
   * FIRST_STAGE's depths (params.ts); none when no word of the text is indexed.
   */
  candidates(text: string): Promise<Candidate[]>

  /**
   * Prior art for a text: how many first-stage candidates were considered, and the best of them as the
   * reranker orders them (most likely first), each with the terms it shares with the text and its summary.
   * A patent gone from the database since it was indexed is left out; with a cut-off (YYYY-MM-DD), every
   * patent filed on or after it with no priority before it.
   */
  similar(
    text: string,
    cutOff?: string,
    /** Patents of live sources, ranked with the corpus's by the same scores (dated by whoever sends them). */
    visitors?: SourcePatent[],
  ): Promise<{ considered: number; ranked: (Reranked & { patent: PatentSummary })[] }>

  /**
   * For each text, the few patents the first stage ranks best (BM25F alone, no reranking), each with its
   * summary; with a cut-off as `similar` has it. Texts asked together are one question.
   */
  closest(texts: string[], cutOff?: string): Promise<(Candidate & { patent: PatentSummary })[][]>

  /**
   * Each text's terms weighed against the corpus, in the order given: texts asked for together (an
   * analysis's features, the patents compared) are one question.
   */
  weigh(texts: string[]): Promise<Weighed[]>

  /** Filings per year of the patents holding any of the words, beside the corpus's own filings per year. */
  activity(words: string[]): Promise<{ related: FilingsPerYear; all: FilingsPerYear }>

  /** The stored text (title, abstract, claims, description) of each patent named that exists. */
  texts(references: string[]): Promise<
    {
      reference: string
      title: string
      abstract: string | null
      claims: string[]
      description: string | null
    }[]
  >

  /**
   * The search box's query (shared/query-syntax.ts: words all match, OR between alternatives, "phrases",
   * -exclusions; the filters of SearchFilters), ranked by relevance with the title first, the page from
   * `offset`; undefined while the index is behind the patents or cannot answer, for the caller to ask the
   * database instead.
   */
  search(request: IndexQuery): Promise<IndexAnswer | undefined>

  /**
   * Which saved queries match which of the patents named (an import's new and changed ones): each query
   * read as the search box reads it, over those patents alone, so it finds among them exactly what the
   * search would. Answers the queries that match any, with their references.
   */
  percolate(
    references: string[],
    queries: SavedQueryToMatch[],
  ): Promise<{ id: number; references: string[] }[]>

  /** Whether this server is building the index now: work in the background waits for it (patent-vectors.ts). */
  busy(): boolean

  /** The corpus version the index answers for, and its size where it has one; none before it first answers. */
  inUse(): { version: string; bytes: number | undefined } | undefined

  /** Ends what the index holds open. */
  close(): Promise<unknown>
}
