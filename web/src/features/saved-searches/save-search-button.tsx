import { type SavedQuery, savedSearchLimits } from '@patentdesk/contract/saved-searches'
import { Bookmark } from 'lucide-react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { useSessionUser } from '@/lib/session'
import { useCreateSavedSearch } from './api'
import { SavedSearchForm } from './saved-search-form'

const defaultName = (q: string) => q.slice(0, savedSearchLimits.name.max)

/**
 * 'Save search' beside the results: a signed-in user names the search and chooses how to be told of new
 * patents; a visitor is sent to sign in and comes back to the same search.
 */
export function SaveSearchButton({ query }: { query: SavedQuery }) {
  const user = useSessionUser()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const create = useCreateSavedSearch()

  if (!user) {
    const next = encodeURIComponent(location.pathname + location.search)
    return (
      <Button variant="outline" size="sm" asChild>
        <Link to={`/login?next=${next}`}>
          <Bookmark />
          Save search
        </Link>
      </Button>
    )
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Bookmark />
          Save search
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Save search"
        description="You will be told when newly imported patents match it, with its filters and order."
      >
        <SavedSearchForm
          defaults={{ name: defaultName(query.q), alert: 'weekly' }}
          submitLabel="Save search"
          pending={create.isPending}
          onSubmit={({ name, alert }) =>
            create.mutate(
              { name, alert, query },
              {
                onSuccess: () => {
                  setOpen(false)
                  toast({ title: 'Search saved', description: `"${name}" is in your saved searches.` })
                },
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  )
}
