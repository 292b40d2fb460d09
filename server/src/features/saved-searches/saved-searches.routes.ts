import { IdParamsSchema, OkSchema } from '@patentdesk/contract/common'
import {
  NewPatentsSchema,
  SavedSearchBodySchema,
  SavedSearchListSchema,
  SavedSearchPatchSchema,
  SavedSearchSchema,
  UnsubscribeBodySchema,
  WatchBodySchema,
  WatchListSchema,
  WatchSchema,
} from '@patentdesk/contract/saved-searches'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import type { SavedSearchesService } from './saved-searches.service'

export function savedSearchesRoutes(app: App, { savedSearches }: { savedSearches: SavedSearchesService }) {
  app.get('/api/saved-searches', { schema: { response: { 200: SavedSearchListSchema } } }, (request) =>
    savedSearches.list(requireUser(request).id),
  )

  app.post(
    '/api/saved-searches',
    { schema: { body: SavedSearchBodySchema, response: { 201: SavedSearchSchema } } },
    async (request, reply) =>
      reply.status(201).send(await savedSearches.create(requireUser(request).id, request.body)),
  )

  app.patch(
    '/api/saved-searches/:id',
    {
      schema: { params: IdParamsSchema, body: SavedSearchPatchSchema, response: { 200: SavedSearchSchema } },
    },
    (request) => savedSearches.update(requireUser(request).id, request.params.id, request.body),
  )

  app.delete(
    '/api/saved-searches/:id',
    { schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await savedSearches.remove(requireUser(request).id, request.params.id)
      return { ok: true as const }
    },
  )

  app.get(
    '/api/saved-searches/:id/new',
    { schema: { params: IdParamsSchema, response: { 200: NewPatentsSchema } } },
    (request) => savedSearches.newPatents(requireUser(request).id, request.params.id),
  )

  // A mail's unsubscribe link leads to a page that sends its token here: no sign-in, one search's mails.
  app.post(
    '/api/public/saved-searches/unsubscribe',
    { schema: { body: UnsubscribeBodySchema, response: { 200: OkSchema } } },
    async (request) => {
      await savedSearches.unsubscribe(request.body.token)
      return { ok: true as const }
    },
  )

  app.get('/api/watches', { schema: { response: { 200: WatchListSchema } } }, (request) =>
    savedSearches.watches(requireUser(request).id),
  )

  app.post(
    '/api/watches',
    { schema: { body: WatchBodySchema, response: { 201: WatchSchema } } },
    async (request, reply) =>
      reply.status(201).send(await savedSearches.watch(requireUser(request).id, request.body.reference)),
  )

  app.delete(
    '/api/watches/:id',
    { schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await savedSearches.unwatch(requireUser(request).id, request.params.id)
      return { ok: true as const }
    },
  )
}
