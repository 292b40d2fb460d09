import type { Notification } from '@patentdesk/contract/notifications'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'
import { useMarkNotificationRead } from './api'
import { NotificationSummary } from './notification-summary'

/**
 * A list of notifications; clicking an unread one marks it read, and one that leads somewhere (a saved
 * search's new patents, a watched patent) is a link there. Shared by the bell, the page and the dashboard;
 * `onFollow` lets the bell close when a link is followed.
 */
export function NotificationItems({
  notifications,
  emptyText,
  className,
  onFollow,
}: {
  notifications: Notification[]
  emptyText: string
  /** Padding of each row and of the empty text, which differ between the bell and a page. */
  className: string
  onFollow?: () => void
}) {
  const markRead = useMarkNotificationRead()
  if (notifications.length === 0) {
    return <p className={cn('text-center text-sm text-muted-foreground', className)}>{emptyText}</p>
  }
  const rowClass = cn(
    'block w-full cursor-pointer text-left transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:-outline-offset-2',
    className,
  )
  return (
    <ul className="divide-y">
      {notifications.map((notification) => {
        const read = () => {
          if (!notification.isRead) markRead.mutate(notification.id)
        }
        const summary = <NotificationSummary notification={notification} />
        return (
          <li key={notification.id}>
            {notification.link ? (
              <Link
                to={notification.link}
                className={rowClass}
                onClick={() => {
                  read()
                  onFollow?.()
                }}
              >
                {summary}
              </Link>
            ) : (
              <button type="button" className={rowClass} onClick={read}>
                {summary}
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
