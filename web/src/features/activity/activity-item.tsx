import { type ActivityEntry, activityLabels } from '@patentdesk/contract/activity'
import { formatDateTime } from '@/lib/format'
import { activityIcons } from './activity-icons'
import { formatRelativeTime } from './relative-time'

/** Who: a deleted account keeps its name; no one at all is the command line (an administrator at the server). */
const actorName = (actor: ActivityEntry['actor']) => actor?.fullName || 'Command line'

/** One entry of the timeline: its kind's mark and label, who, what in a sentence, and when (exact on hover). */
export function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const Icon = activityIcons[entry.kind]
  return (
    <li className="group relative flex gap-3 pb-5 last:pb-0">
      <span aria-hidden className="absolute top-8 bottom-0 left-4 w-px bg-border group-last:hidden" />
      <span className="relative flex size-8 shrink-0 items-center justify-center rounded-full border bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5 pt-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-medium">{activityLabels[entry.kind]}</span>
          <span className="text-muted-foreground">by {actorName(entry.actor)}</span>
          <time
            dateTime={entry.createdAt}
            title={formatDateTime(entry.createdAt)}
            className="ml-auto text-xs whitespace-nowrap text-muted-foreground"
          >
            {formatRelativeTime(entry.createdAt)}
          </time>
        </p>
        <p className="text-sm wrap-anywhere text-slate-700">{entry.detail}</p>
      </div>
    </li>
  )
}
