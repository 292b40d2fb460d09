import type { Bm25fParams } from './bm25f-fields'

/**
 * BM25F as tuned on the reranker's training queries, never on the benchmark's (docs/decisions/0014): the
 * title counts five times, abstract, claims and description once; k1 2 (a repeated term keeps adding for
 * longer than at the usual 1.2), the usual b.
 */
export const PARAMS: Bm25fParams = { weights: [5, 1, 1, 1], b: [0.75, 0.75, 0.75, 0.75], k1: 2 }

/**
 * The first stage the reranker reorders: the best 300 by BM25F and the best 50 by the title alone (at
 * most 350). On the training queries that holds the patent looked for 95.5% of the time, where BM25F
 * alone needs 700 candidates for 95% (docs/decisions/0014).
 */
export const FIRST_STAGE = { depth: 300, titleDepth: 50 }

/**
 * BM25F for the search box: a patent about the query's words first, so the title counts most, then the
 * abstract, the claims and the description; the usual k1 and b.
 */
export const SEARCH_PARAMS: Bm25fParams = { weights: [6, 3, 2, 1], b: [0.75, 0.75, 0.75, 0.75], k1: 1.2 }

/** The rankings the patent index is built for: a query names one of these (bm25f.ts). */
export const RANKINGS = [PARAMS, SEARCH_PARAMS] as const
