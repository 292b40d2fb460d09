import {
  PatentDetailSchema,
  PatentExportQuerySchema,
  PatentSearchQuerySchema,
  PatentSearchResultSchema,
  ReferenceParamsSchema,
  SimilarityQuerySchema,
  SimilarityResultSchema,
} from '@patentdesk/contract/patents'
import type { App } from '~/app-type'
import { sendDownload } from '~/plugins/download'
import type { PatentsService } from './patents.service'

/** Public patent data; the paths stay the same whichever provider answers. */
export function patentsRoutes(app: App, { patents }: { patents: PatentsService }) {
  app.get(
    '/api/public/serpapi/patents',
    { schema: { querystring: PatentSearchQuerySchema, response: { 200: PatentSearchResultSchema } } },
    (request) => patents.search(request.query),
  )

  app.get(
    '/api/public/serpapi/patents.csv',
    { schema: { querystring: PatentExportQuerySchema } },
    async (request, reply) =>
      sendDownload(reply, {
        fileName: 'patent-search.csv',
        contentType: 'text/csv; charset=utf-8',
        body: await patents.exportCsv(request.query),
      }),
  )

  app.get(
    '/api/public/serpapi/patents/:reference',
    { schema: { params: ReferenceParamsSchema, response: { 200: PatentDetailSchema } } },
    (request) => patents.details(request.params.reference),
  )

  app.get(
    '/api/public/patents/details/:reference',
    { schema: { params: ReferenceParamsSchema, response: { 200: PatentDetailSchema } } },
    (request) => patents.details(request.params.reference),
  )

  app.get(
    '/api/public/patents/similarity',
    { schema: { querystring: SimilarityQuerySchema, response: { 200: SimilarityResultSchema } } },
    (request) => patents.similarity(request.query.refs),
  )
}
