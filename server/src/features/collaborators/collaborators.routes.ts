import {
  AcceptedInvitationSchema,
  AcceptInvitationBodySchema,
  CollaboratorListSchema,
  CollaboratorParamsSchema,
  CollaboratorRoleBodySchema,
  CollaboratorSchema,
  InviteBodySchema,
  SharedApplicationListSchema,
} from '@patentdesk/contract/collaborators'
import { IdParamsSchema, OkSchema } from '@patentdesk/contract/common'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import type { CollaboratorsService } from './collaborators.service'

export function collaboratorsRoutes(app: App, { collaborators }: { collaborators: CollaboratorsService }) {
  app.get('/api/patents/shared', { schema: { response: { 200: SharedApplicationListSchema } } }, (request) =>
    collaborators.shared(requireUser(request)),
  )

  app.get(
    '/api/patents/:id/collaborators',
    { schema: { params: IdParamsSchema, response: { 200: CollaboratorListSchema } } },
    (request) => collaborators.list(requireUser(request), request.params.id),
  )

  app.post(
    '/api/patents/:id/collaborators',
    {
      config: {
        openapi: {
          errors: {
            409: 'The address was invited already, is the owner’s own, or the application has as many collaborators as it may.',
          },
        },
      },
      schema: { params: IdParamsSchema, body: InviteBodySchema, response: { 201: CollaboratorSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await collaborators.invite(requireUser(request), request.params.id, request.body)),
  )

  app.patch(
    '/api/patents/:id/collaborators/:collaboratorId',
    {
      schema: {
        params: CollaboratorParamsSchema,
        body: CollaboratorRoleBodySchema,
        response: { 200: CollaboratorSchema },
      },
    },
    (request) =>
      collaborators.setRole(
        requireUser(request),
        request.params.id,
        request.params.collaboratorId,
        request.body.role,
      ),
  )

  app.delete(
    '/api/patents/:id/collaborators/:collaboratorId',
    { schema: { params: CollaboratorParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await collaborators.remove(requireUser(request), request.params.id, request.params.collaboratorId)
      return { ok: true as const }
    },
  )

  app.post(
    '/api/invitations/accept',
    { schema: { body: AcceptInvitationBodySchema, response: { 200: AcceptedInvitationSchema } } },
    (request) => collaborators.accept(requireUser(request), request.body.token),
  )
}
