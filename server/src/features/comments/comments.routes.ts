import {
  CommentListSchema,
  CommentParamsSchema,
  CommentSchema,
  NewCommentBodySchema,
  ResolveBodySchema,
} from '@patentdesk/contract/comments'
import { IdParamsSchema } from '@patentdesk/contract/common'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import type { CommentsService } from './comments.service'

export function commentsRoutes(app: App, { comments }: { comments: CommentsService }) {
  app.get(
    '/api/patents/:id/comments',
    { schema: { params: IdParamsSchema, response: { 200: CommentListSchema } } },
    (request) => comments.list(requireUser(request), request.params.id),
  )

  app.post(
    '/api/patents/:id/comments',
    {
      config: { openapi: { errors: { 409: 'The application has as many comments as it may.' } } },
      schema: { params: IdParamsSchema, body: NewCommentBodySchema, response: { 201: CommentSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await comments.add(requireUser(request), request.params.id, request.body)),
  )

  app.patch(
    '/api/patents/:id/comments/:commentId',
    { schema: { params: CommentParamsSchema, body: ResolveBodySchema, response: { 200: CommentSchema } } },
    (request) =>
      comments.setResolved(
        requireUser(request),
        request.params.id,
        request.params.commentId,
        request.body.resolved,
      ),
  )
}
