import { type SavedQuery, savedSearchLimits } from '@patentdesk/contract/saved-searches'
import { Bookmark } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog'
import { toast } from '@/components/ui/toast'
import { useCreateSavedSearch } from './api'
import { SavedSearchForm } from './saved-search-form'

const defaultName = (q: string) => q.slice(0, savedSearchLimits.name.max)

/** A signed-in user's 'Save search': names the search and chooses how to be told of new patents. */
export function SaveSearchDialog({ query }: { query: SavedQuery }) {
  const [open, setOpen] = useState(false)
  const create = useCreateSavedSearch()
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
