import type { Bm25fParams } from './bm25f'

/**
 * BM25F as tuned on the reranker's training queries, never on the benchmark's (docs/decisions/0014): the
 * title counts five times, abstract, claims and description once; k1 2 (a repeated term keeps adding for
 * longer than at the usual 1.2), the usual b.
 */
export const PARAMS: Bm25fParams = { weights: [5, 1, 1, 1], b: [0.75, 0.75, 0.75, 0.75], k1: 2 }

/** First-stage candidates the reranker reorders: deep enough to hold the patent looked for nine times in ten. */
export const RERANK_DEPTH = 300
