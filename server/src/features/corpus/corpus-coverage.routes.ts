import { CorpusCoverageSchema } from '@patentdesk/contract/corpus'
import type { App } from '~/app-type'
import type { CorpusCoverageService } from './corpus-coverage.service'

/**
 * Public, as the search and the analysis it qualifies are; no rate limit of its own: the answer is computed
 * once per corpus version, so a request costs one small query (the version), as a patent's details do.
 */
export function corpusCoverageRoutes(
  app: App,
  { corpusCoverage }: { corpusCoverage: CorpusCoverageService },
) {
  app.get('/api/public/corpus', { schema: { response: { 200: CorpusCoverageSchema } } }, () =>
    corpusCoverage.coverage(),
  )
}
