import { IdParamsSchema } from '@patentdesk/contract/common'
import {
  DeadlineDoneBodySchema,
  DeadlineParamsSchema,
  FilingSchema,
  UkDatesSchema,
  UpcomingDeadlineListSchema,
} from '@patentdesk/contract/filing'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import { documentTypes, sendDownload } from '~/plugins/download'
import type { FilingService } from './filing.service'

export function filingRoutes(app: App, { filing }: { filing: FilingService }) {
  app.get(
    '/api/patents/:id/filing',
    { schema: { params: IdParamsSchema, response: { 200: FilingSchema } } },
    (request) => filing.get(requireUser(request), request.params.id),
  )

  app.put(
    '/api/patents/:id/filing/dates',
    { schema: { params: IdParamsSchema, body: UkDatesSchema, response: { 200: FilingSchema } } },
    (request) => filing.updateDates(requireUser(request), request.params.id, request.body),
  )

  app.put(
    '/api/patents/:id/filing/deadlines/:deadlineId',
    {
      config: { openapi: { errors: { 409: 'The deadline is settled by a date, not marked by hand.' } } },
      schema: { params: DeadlineParamsSchema, body: DeadlineDoneBodySchema, response: { 200: FilingSchema } },
    },
    (request) =>
      filing.setDone(requireUser(request), request.params.id, request.params.deadlineId, request.body.done),
  )

  app.get(
    '/api/patents/:id/deadlines.ics',
    { schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const { reference, ics } = await filing.calendar(requireUser(request), request.params.id)
      return sendDownload(reply, {
        fileName: `${reference}-deadlines.ics`,
        contentType: 'text/calendar; charset=utf-8',
        body: ics,
      })
    },
  )

  for (const format of ['pdf', 'docx'] as const) {
    app.get(
      `/api/patents/:id/export.${format}`,
      { schema: { params: IdParamsSchema } },
      async (request, reply) => {
        const { reference, body } = await filing.export(requireUser(request), request.params.id, format)
        return sendDownload(reply, {
          fileName: `${reference}.${format}`,
          contentType: documentTypes[format],
          body,
        })
      },
    )
  }

  app.get(
    '/api/deadlines/upcoming',
    { schema: { response: { 200: UpcomingDeadlineListSchema } } },
    (request) => filing.upcoming(requireUser(request)),
  )
}
