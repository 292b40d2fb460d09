import { FeedbackBodySchema, FeedbackListSchema, FeedbackSchema } from '@patentdesk/contract/applications'
import { IdParamsSchema } from '@patentdesk/contract/common'
import type { App } from '~/app-type'
import { requireAdmin, requireUser } from '~/plugins/auth'
import type { FeedbackService } from './feedback.service'

export function feedbackRoutes(app: App, { feedback }: { feedback: FeedbackService }) {
  app.get(
    '/api/patents/:id/feedback',
    { schema: { params: IdParamsSchema, response: { 200: FeedbackListSchema } } },
    (request) => feedback.list(requireUser(request), request.params.id),
  )

  app.post(
    '/api/admin/patents/:id/feedback',
    { schema: { params: IdParamsSchema, body: FeedbackBodySchema, response: { 201: FeedbackSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await feedback.add(requireAdmin(request), request.params.id, request.body.content)),
  )
}
