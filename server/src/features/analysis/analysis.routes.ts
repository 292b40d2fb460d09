import { ApplicationAnalysisSchema } from '@patentdesk/contract/applications'
import { IdParamsSchema } from '@patentdesk/contract/common'
import type { App } from '~/app'
import { requireUser } from '~/plugins/auth'
import type { AnalysisService } from './analysis.service'

export function analysisRoutes(app: App, { analysis }: { analysis: AnalysisService }) {
  app.get(
    '/api/patents/:id/analysis',
    { schema: { params: IdParamsSchema, response: { 200: ApplicationAnalysisSchema.nullable() } } },
    (request) => analysis.getForApplication(requireUser(request), request.params.id),
  )
}
