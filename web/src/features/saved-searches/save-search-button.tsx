import type { SavedQuery } from '@patentdesk/contract/saved-searches'
import { Bookmark } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { useSessionUser } from '@/lib/session'

// Its dialog, form and their libraries load for a signed-in user only: a visitor's first search needs a link.
const SaveSearchDialog = lazy(async () => ({
  default: (await import('./save-search-dialog')).SaveSearchDialog,
}))

function SaveSearchLabel() {
  return (
    <>
      <Bookmark />
      Save search
    </>
  )
}

/**
 * 'Save search' beside the results: a signed-in user names the search and chooses how to be told of new
 * patents; a visitor is sent to sign in and comes back to the same search.
 */
export function SaveSearchButton({ query }: { query: SavedQuery }) {
  const user = useSessionUser()
  const location = useLocation()

  if (!user) {
    const next = encodeURIComponent(location.pathname + location.search)
    return (
      <Button variant="outline" size="sm" asChild>
        <Link to={`/login?next=${next}`}>
          <SaveSearchLabel />
        </Link>
      </Button>
    )
  }
  return (
    <Suspense
      fallback={
        <Button variant="outline" size="sm" disabled>
          <SaveSearchLabel />
        </Button>
      }
    >
      <SaveSearchDialog query={query} />
    </Suspense>
  )
}
