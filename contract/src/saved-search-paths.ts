import { clientPaths } from './client-routes'
import type { SavedQuery } from './saved-searches'

/*
 * Where a saved search opens: plain functions, apart from the schemas of saved-searches.ts (and the search's,
 * which those build on), so that a screen linking to saved searches builds none of them (docs/decisions/0040).
 */

/** The search parameter that opens a saved search on the search page, its new patents marked. */
export const savedSearchParam = 'saved'

/**
 * Where the search page opens a saved search: its query as the page's URL writes it (what is the default is
 * left out) and `saved=<id>`, for the notifications, the mails and the Saved searches page alike.
 */
export function savedSearchPath(id: number, query: SavedQuery) {
  const shown = Object.entries(query).filter(
    ([key, value]) =>
      value !== undefined &&
      !(key === 'sort' && value === 'relevance') &&
      !(key === 'dateType' && value === 'priority'),
  )
  const params = [...shown, [savedSearchParam, id]].map(
    ([key, value]) => `${key}=${encodeURIComponent(String(value))}`,
  )
  return `${clientPaths.serpapiSearch}?${params.join('&')}`
}
