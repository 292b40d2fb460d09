import { formatCount } from '@patentdesk/contract/format'
import { savedSearchPath } from '@patentdesk/contract/saved-search-paths'
import type { SavedSearch } from '@patentdesk/contract/saved-searches'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { alertLabels, describeQuery } from './saved-search-format'

type SavedSearchItemsProps = {
  searches: SavedSearch[]
  emptyText: string
  /** Padding of each row and of the empty text, which differ between the dashboard and the page. */
  className: string
  /** What each row offers besides opening it (the page's Edit and Delete). */
  actions?: (search: SavedSearch) => ReactNode
}

/**
 * Saved searches, each a link that opens it as a search with its new patents marked, with the number new since
 * it was last opened; shared by the Saved searches page and the dashboard.
 */
export function SavedSearchItems({ searches, emptyText, className, actions }: SavedSearchItemsProps) {
  if (searches.length === 0) {
    return <p className={cn('text-center text-sm text-muted-foreground', className)}>{emptyText}</p>
  }
  return (
    <ul className="divide-y">
      {searches.map((search) => {
        const filters = describeQuery(search.query)
        return (
          <li key={search.id} className={cn('flex items-start gap-3', className)}>
            <div className="grid min-w-0 flex-1 gap-1">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Link
                  to={savedSearchPath(search.id, search.query)}
                  className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
                >
                  {search.name}
                </Link>
                {search.newCount > 0 && <Badge>{formatCount(search.newCount)} new</Badge>}
              </p>
              <p className="font-mono text-xs text-foreground [overflow-wrap:anywhere]">{search.query.q}</p>
              <p className="text-xs text-muted-foreground">
                {[filters, alertLabels[search.alert]].filter(Boolean).join(' · ')}
              </p>
            </div>
            {actions?.(search)}
          </li>
        )
      })}
    </ul>
  )
}
