import type { SimilarityResult } from '@patentdesk/contract/patents'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import type { PatentDetails } from './patent-details.service'
import { compare } from './similarity'

/**
 * Patent Comparison's similarity matrix: the TF-IDF cosine of each pair's title, abstract and claims, in
 * the patent index's terms and document frequencies, the analysis' own (one term model).
 */
export function createComparison({
  details,
  index,
}: {
  details: Pick<PatentDetails, 'requirePatent'>
  index: Pick<PriorArtIndex, 'weigh'>
}) {
  return {
    async similarity(references: string[]): Promise<SimilarityResult> {
      const rows = await Promise.all(references.map(details.requirePatent))
      const weighed = await index.weigh(rows.map((r) => [r.title, r.abstract ?? '', ...r.claims].join('\n')))
      const sharedTerms: Record<string, string[]> = {}
      // compare() is symmetric, so the matrix is too; each pair keeps its shared terms once, under "i-j" with i < j.
      const matrix = weighed.map((a, i) =>
        weighed.map((b, j) => {
          if (i === j) return 100
          const { percent, terms } = compare(a.weights, b.weights)
          // A pair that rounds to 0% shares nothing worth naming; a term is named as the first text writes it.
          if (i < j)
            sharedTerms[`${i}-${j}`] =
              percent > 0 ? terms.map((term) => a.words.get(term) ?? b.words.get(term) ?? term) : []
          return percent
        }),
      )
      return { patents: rows.map((r) => ({ reference: r.reference, title: r.title })), matrix, sharedTerms }
    },
  }
}
