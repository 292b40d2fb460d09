import { auditLabels } from '@patentdesk/contract/activity'
import { Badge } from '@/components/ui/badge'
import { formatDateTime } from '@/lib/format'
import { AuditSubject } from './audit-subject'
import type { AuditEntriesProps } from './audit-table'

/** The audit log on a phone: each entry a card, what happened first, so that nothing scrolls sideways. */
export function AuditCards({ entries, onReview }: AuditEntriesProps) {
  return (
    <ol aria-label="Audit log" className="divide-y">
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-1.5 px-4 py-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge variant="secondary">{auditLabels[entry.action]}</Badge>
            <AuditSubject entry={entry} onReview={onReview} />
          </div>
          <p className="text-sm break-words text-slate-700">{entry.detail}</p>
          <p className="text-xs text-muted-foreground">
            {entry.actor ? entry.actor.fullName : <span className="italic">Command line</span>} ·{' '}
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
        </li>
      ))}
    </ol>
  )
}
