import type { Notification } from '@patentdesk/contract/notifications'
import { cn } from '@/lib/utils'
import { useMarkNotificationRead } from './api'
import { NotificationSummary } from './notification-summary'

/** A list of notifications; clicking an unread one marks it read. Shared by the bell, the page and the dashboard. */
export function NotificationItems({
  notifications,
  emptyText,
  className,
}: {
  notifications: Notification[]
  emptyText: string
  /** Padding of each row and of the empty text, which differ between the bell and a page. */
  className: string
}) {
  const markRead = useMarkNotificationRead()
  if (notifications.length === 0) {
    return <p className={cn('text-center text-sm text-muted-foreground', className)}>{emptyText}</p>
  }
  return (
    <ul className="divide-y">
      {notifications.map((notification) => (
        <li key={notification.id}>
          <button
            type="button"
            className={cn(
              'w-full cursor-pointer transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:-outline-offset-2',
              className,
            )}
            onClick={() => {
              if (!notification.isRead) markRead.mutate(notification.id)
            }}
          >
            <NotificationSummary notification={notification} />
          </button>
        </li>
      ))}
    </ul>
  )
}
