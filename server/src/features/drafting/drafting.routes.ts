import { DraftingCheckBodySchema, DraftingCheckResultSchema } from '@patentdesk/contract/drafting'
import type { App } from '~/app-type'
import type { EngineThreads } from '~/engine/engine-threads'

/**
 * Live checks of a draft as the applicant writes it; for signed-in users (the default auth hook). Run in
 * the engine's drafting thread, with the analysis' deadline.
 */
export function draftingRoutes(app: App, { engine }: { engine: EngineThreads }) {
  app.post(
    '/api/drafting/checks',
    {
      config: {
        openapi: {
          errors: {
            422: 'The checks took longer than allowed (`ANALYSIS_TIMEOUT_SECONDS`).',
            503: 'The drafting checks are busy; `Retry-After` says when to try again.',
          },
        },
      },
      schema: { body: DraftingCheckBodySchema, response: { 200: DraftingCheckResultSchema } },
    },
    async (request) => ({ issues: await engine.draftingChecks(request.body) }),
  )
}
