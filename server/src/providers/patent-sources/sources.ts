import type { Config } from '~/config'
import { createEpoOpsSource } from './epo-ops'
import { createSerpApiSource } from './serpapi'
import type { PatentSource } from './types'

/** The external sources whose keys are configured, in the order they are asked. */
export function createPatentSources(
  config: Pick<Config, 'serpApi' | 'apiKeys' | 'epoOpsUrl'>,
): PatentSource[] {
  const sources: PatentSource[] = []
  if (config.apiKeys.EPO_OPS_API) {
    sources.push(createEpoOpsSource({ credentials: config.apiKeys.EPO_OPS_API, baseUrl: config.epoOpsUrl }))
  }
  if (config.serpApi)
    sources.push(createSerpApiSource({ apiKey: config.serpApi.key, baseUrl: config.serpApi.url }))
  return sources
}
