import { clientPaths } from '@patentdesk/contract/client-routes'
import type { SavedQuery } from '@patentdesk/contract/saved-searches'

/** Where the search page opens a saved search, its new patents marked. */
export function savedSearchLink(id: number, query: SavedQuery) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (
      value !== undefined &&
      !(key === 'sort' && value === 'relevance') &&
      !(key === 'dateType' && value === 'priority')
    )
      params.set(key, String(value))
  params.set('saved', String(id))
  return `${clientPaths.serpapiSearch}?${params}`
}

/** A patent's details page. */
export const detailsLink = (reference: string) =>
  clientPaths.patentDetails.replace(':reference', encodeURIComponent(reference))
