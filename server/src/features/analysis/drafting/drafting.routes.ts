import { DraftingCheckBodySchema, DraftingCheckResultSchema } from '@patentdesk/contract/drafting'
import type { App } from '~/app'
import { draftingChecks } from './drafting-checks'

/** Live checks of a draft as the applicant writes it; for signed-in users (the default auth hook). */
export function draftingRoutes(app: App) {
  app.post(
    '/api/drafting/checks',
    { schema: { body: DraftingCheckBodySchema, response: { 200: DraftingCheckResultSchema } } },
    (request) => ({ issues: draftingChecks(request.body) }),
  )
}
