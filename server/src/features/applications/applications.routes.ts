import { ActivityPageSchema, ActivityQuerySchema } from '@patentdesk/contract/activity'
import {
  ApplicationSchema,
  ApplicationSummaryListSchema,
  CreateApplicationBodySchema,
  StatusHistorySchema,
  UpdateApplicationBodySchema,
} from '@patentdesk/contract/applications'
import { IdParamsSchema } from '@patentdesk/contract/common'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import { sendDownload } from '~/plugins/download'
import type { ApplicationsService } from './applications.service'

export function applicationsRoutes(app: App, { applications }: { applications: ApplicationsService }) {
  app.get('/api/patents', { schema: { response: { 200: ApplicationSummaryListSchema } } }, (request) =>
    applications.listOwn(requireUser(request)),
  )

  app.get('/api/patents/export.csv', async (request, reply) =>
    sendDownload(reply, {
      fileName: 'my-patents.csv',
      contentType: 'text/csv; charset=utf-8',
      body: await applications.ownCsv(requireUser(request)),
    }),
  )

  app.post(
    '/api/patents',
    { schema: { body: CreateApplicationBodySchema, response: { 201: ApplicationSchema } } },
    async (request, reply) => {
      const { status: _draft, ...content } = request.body
      return reply.status(201).send(await applications.create(requireUser(request), content))
    },
  )

  app.get(
    '/api/patents/:id',
    { schema: { params: IdParamsSchema, response: { 200: ApplicationSchema } } },
    (request) => applications.get(requireUser(request), request.params.id),
  )

  app.put(
    '/api/patents/:id',
    {
      config: {
        openapi: {
          errors: {
            409: 'The application is in a status that cannot be edited, or was saved by someone else after the version this change was made from (the current application in `current`).',
          },
        },
      },
      schema: {
        params: IdParamsSchema,
        body: UpdateApplicationBodySchema,
        response: { 200: ApplicationSchema },
      },
    },
    (request) => applications.update(requireUser(request), request.params.id, request.body),
  )

  app.post(
    '/api/patents/:id/submit',
    {
      config: { openapi: { errors: { 409: 'The application is in a status that cannot be submitted.' } } },
      schema: { params: IdParamsSchema, response: { 200: ApplicationSchema } },
    },
    (request) => applications.submit(requireUser(request), request.params.id),
  )

  app.get(
    '/api/patents/:id/activity',
    {
      schema: {
        params: IdParamsSchema,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityPageSchema },
      },
    },
    (request) => applications.activity(requireUser(request), request.params.id, request.query.before),
  )

  app.get(
    '/api/patents/:id/history',
    { schema: { params: IdParamsSchema, response: { 200: StatusHistorySchema } } },
    (request) => applications.history(requireUser(request), request.params.id),
  )
}
