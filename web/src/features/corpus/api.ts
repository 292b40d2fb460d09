import type { CorpusCoverage } from '@patentdesk/contract/corpus'
import { queryOptions, useQuery } from '@tanstack/react-query'

/**
 * What the corpus covers (docs/product.md, Coverage): one query for the session, shared by the line on the
 * search and analysis pages and the coverage page. No error toast: the line is left out when it fails.
 */
export const corpusCoverageQueryOptions = queryOptions<CorpusCoverage>({ queryKey: ['/api/public/corpus'] })

export function useCorpusCoverage() {
  return useQuery(corpusCoverageQueryOptions)
}
