import {
  RestoreBodySchema,
  VersionListSchema,
  VersionParamsSchema,
  VersionSchema,
} from '@patentdesk/contract/application-versions'
import { ApplicationSchema } from '@patentdesk/contract/applications'
import { IdParamsSchema } from '@patentdesk/contract/common'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import type { VersionsService } from './versions.service'

export function versionsRoutes(app: App, { versions }: { versions: VersionsService }) {
  app.get(
    '/api/patents/:id/versions',
    { schema: { params: IdParamsSchema, response: { 200: VersionListSchema } } },
    (request) => versions.list(requireUser(request), request.params.id),
  )

  app.get(
    '/api/patents/:id/versions/:number',
    { schema: { params: VersionParamsSchema, response: { 200: VersionSchema } } },
    (request) => versions.get(requireUser(request), request.params.id, request.params.number),
  )

  app.post(
    '/api/patents/:id/versions/:number/restore',
    {
      config: {
        openapi: {
          errors: {
            409: 'The application cannot be edited, or was saved after the version the restore was asked from (the current application in `current`).',
          },
        },
      },
      schema: { params: VersionParamsSchema, body: RestoreBodySchema, response: { 200: ApplicationSchema } },
    },
    (request) =>
      versions.restore(requireUser(request), request.params.id, request.params.number, request.body.version),
  )
}
