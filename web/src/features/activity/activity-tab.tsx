import { LoadMore } from '@/components/ui/load-more'
import { LoadingSkeleton, SkeletonRows } from '@/components/ui/skeleton'
import { ActivityItem } from './activity-item'
import { useActivity } from './api'

/** What everyone with access has done on the application, newest first, a page at a time. */
export function ActivityTab({ applicationId }: { applicationId: number }) {
  const activity = useActivity(applicationId)
  if (activity.isPending)
    return (
      <LoadingSkeleton label="Loading activity...">
        <SkeletonRows rows={4} columns={2} />
      </LoadingSkeleton>
    )
  // A page after the first that fails keeps the pages shown, its error under them.
  if (activity.isError && !activity.data)
    return <p className="text-sm text-destructive">{activity.error.message}</p>
  const entries = activity.data.pages.flatMap((page) => page.entries)
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No activity yet.</p>

  return (
    <div className="grid gap-4">
      <ol aria-label="Activity">
        {entries.map((entry) => (
          <ActivityItem key={entry.id} entry={entry} />
        ))}
      </ol>
      <LoadMore pages={activity} />
    </div>
  )
}
