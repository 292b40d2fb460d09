import type { Notification } from '@patentdesk/contract/notifications'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'

export function NotificationSummary({ notification }: { notification: Notification }) {
  const { title, message, isRead, createdAt } = notification
  return (
    <div className="flex min-w-0 gap-3 text-left">
      <span
        aria-hidden
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', isRead ? 'bg-transparent' : 'bg-primary')}
      />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm', isRead ? 'font-medium text-slate-700' : 'font-semibold text-foreground')}>
          {title}
          {!isRead && <span className="sr-only"> (unread)</span>}
        </p>
        {/* Wrapped in full: a status change names the new status last, so a clamp would cut just that. */}
        <p data-testid="notification-message" className="mt-0.5 text-sm break-words text-muted-foreground">
          {message}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{formatDateTime(createdAt)}</p>
      </div>
    </div>
  )
}
