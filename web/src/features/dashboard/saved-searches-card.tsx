import { clientPaths } from '@patentdesk/contract/client-routes'
import { limits } from '@patentdesk/contract/limits'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { SavedSearchItems, useSavedSearches } from '@/features/saved-searches'
import { PanelLink } from './panel-link'

/** The saved searches with news first, each with its count of new patents. */
export function SavedSearchesCard() {
  const searches = useSavedSearches()
  const withNews = searches.data?.filter((search) => search.newCount > 0).length ?? 0
  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex-row items-start justify-between border-b pb-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Saved Searches</CardTitle>
          {searches.data && (
            <CardDescription>
              {searches.data.length === 0
                ? 'No saved searches'
                : withNews === 0
                  ? 'Nothing new'
                  : `${withNews} with new patents`}
            </CardDescription>
          )}
        </div>
        <PanelLink to={clientPaths.savedSearches}>View all</PanelLink>
      </CardHeader>
      <QueryState query={searches} className="px-6 py-6 text-center">
        {(list) => (
          <SavedSearchItems
            searches={list
              .toSorted((a, b) => b.newCount - a.newCount)
              .slice(0, limits.dashboard.savedSearches)}
            emptyText="Save a search to be told when new patents match it"
            className="px-6 py-4"
          />
        )}
      </QueryState>
    </Card>
  )
}
