import { referenceKey } from '@patentdesk/contract/patent-references'
import { Eye, EyeOff } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useSessionUser } from '@/lib/session'
import { useUnwatch, useWatch, useWatches } from './api'

/**
 * 'Watch' on a patent's page: its owner is told when a newly imported patent cites it or its record changes.
 * Signed-in users only; the button says whether the patent is watched and undoes it.
 */
export function WatchButton({ reference }: { reference: string }) {
  const user = useSessionUser()
  const watches = useWatches()
  const watch = useWatch()
  const unwatch = useUnwatch()
  if (!user || !watches.data) return null

  const key = referenceKey(reference)
  const watched = watches.data.find((item) => referenceKey(item.reference) === key)
  const toggle = () =>
    watched
      ? unwatch.mutate(watched.id, {
          onSuccess: () =>
            toast({ title: 'Watch stopped', description: `You no longer watch ${reference}.` }),
        })
      : watch.mutate(reference, {
          onSuccess: () =>
            toast({
              title: 'Patent watched',
              description: 'You will be told when a new patent cites it or its record changes.',
            }),
        })
  return (
    <Button variant="outline" disabled={watch.isPending || unwatch.isPending} onClick={toggle}>
      {watched ? <EyeOff /> : <Eye />}
      {watched ? 'Stop watching' : 'Watch'}
    </Button>
  )
}
