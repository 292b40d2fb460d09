import type { Bm25fParams } from './bm25f'

/**
 * BM25F as measured by `npm run bench:prior-art` (docs/decisions/0014): the title counts three times,
 * abstract, claims and description once; the usual k1 and b.
 */
export const PARAMS: Bm25fParams = { weights: [3, 1, 1, 1], b: [0.75, 0.75, 0.75, 0.75], k1: 1.2 }
