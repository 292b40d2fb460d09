import { patentDetailsPath } from '@patentdesk/contract/client-routes'
import { type SavedSearch, savedSearchLimits, type Watch } from '@patentdesk/contract/saved-searches'
import { Pencil, Trash2 } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogActions, DialogContent } from '@/components/ui/dialog'
import { IconButton } from '@/components/ui/icon-button'
import { QueryState } from '@/components/ui/query-state'
import { toast } from '@/components/ui/toast'
import { useDeleteSavedSearch, useSavedSearches, useUnwatch, useUpdateSavedSearch, useWatches } from './api'
import { SavedSearchForm } from './saved-search-form'
import { SavedSearchItems } from './saved-search-items'

/** /saved-searches: the user's saved searches and watched patents. */
export function SavedSearchesPage() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <SavedSearchesCard />
      <WatchesCard />
    </div>
  )
}

function SavedSearchesCard() {
  const searches = useSavedSearches()
  const [editing, setEditing] = useState<SavedSearch>()
  const [deleting, setDeleting] = useState<SavedSearch>()
  return (
    <ListCard
      title="Saved searches"
      count={searches.data?.length}
      limit={savedSearchLimits.searches}
      purpose="You are told when newly imported patents match one."
    >
      <QueryState query={searches} className="px-6 py-6 text-center">
        {(list) => (
          <SavedSearchItems
            searches={list}
            emptyText="No saved searches yet. Run a search and choose Save search to be told of new patents."
            className="px-6 py-4"
            actions={(search) => (
              <div className="flex shrink-0 gap-1">
                <IconButton label={`Edit ${search.name}`} onClick={() => setEditing(search)}>
                  <Pencil />
                </IconButton>
                <IconButton label={`Delete ${search.name}`} onClick={() => setDeleting(search)}>
                  <Trash2 />
                </IconButton>
              </div>
            )}
          />
        )}
      </QueryState>
      {editing && <EditDialog search={editing} onClose={() => setEditing(undefined)} />}
      {deleting && <DeleteDialog search={deleting} onClose={() => setDeleting(undefined)} />}
    </ListCard>
  )
}

type ListCardProps = { title: string; count?: number; limit: number; purpose: string; children: ReactNode }

/** One of the page's two lists: its title, how many of the most it holds, and what it is for. */
function ListCard({ title, count, limit, purpose, children }: ListCardProps) {
  return (
    <Card className="overflow-hidden">
      <CardHeader className="border-b pb-4">
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>
          {count === undefined ? '' : `${count} of ${limit}. `}
          {purpose}
        </CardDescription>
      </CardHeader>
      {children}
    </Card>
  )
}

function EditDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const update = useUpdateSavedSearch()
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Edit saved search">
        <SavedSearchForm
          defaults={{ name: search.name, alert: search.alert }}
          submitLabel="Save changes"
          pending={update.isPending}
          onSubmit={(patch) =>
            update.mutate(
              { id: search.id, patch },
              {
                onSuccess: () => {
                  onClose()
                  toast({ title: 'Saved search changed', description: `"${patch.name}" is saved.` })
                },
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  )
}

function DeleteDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const remove = useDeleteSavedSearch()
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Delete saved search?"
        description={`"${search.name}" and its alerts will be deleted. Notifications already sent stay.`}
      >
        <DialogActions>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(search.id, {
                onSuccess: () => {
                  onClose()
                  toast({ title: 'Saved search deleted', description: `"${search.name}" is deleted.` })
                },
              })
            }
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  )
}

function WatchesCard() {
  const watches = useWatches()
  return (
    <ListCard
      title="Watched patents"
      count={watches.data?.length}
      limit={savedSearchLimits.watches}
      purpose="You are told when a newly imported patent cites one or its record changes."
    >
      <QueryState query={watches} className="px-6 py-6 text-center">
        {(list) =>
          list.length === 0 ? (
            <p className="px-6 py-4 text-center text-sm text-muted-foreground">
              You watch no patents. Choose Watch on a patent's page to follow it.
            </p>
          ) : (
            <ul className="divide-y">
              {list.map((watch) => (
                <WatchItem key={watch.id} watch={watch} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </ListCard>
  )
}

function WatchItem({ watch }: { watch: Watch }) {
  const unwatch = useUnwatch()
  return (
    <li className="flex items-start gap-3 px-6 py-4">
      <div className="grid min-w-0 flex-1 gap-1">
        <Link
          to={patentDetailsPath(watch.reference)}
          className="font-mono text-sm font-medium text-primary hover:underline"
        >
          {watch.reference}
        </Link>
        <p className="break-words text-sm">{watch.title}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Stop watching ${watch.reference}`}
        disabled={unwatch.isPending}
        onClick={() => unwatch.mutate(watch.id)}
      >
        Stop watching
      </Button>
    </li>
  )
}
