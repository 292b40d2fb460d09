import { CheckCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api'
import { NotificationSummary } from './notification-summary'

export function NotificationList() {
  const { data: notifications, isPending, error } = useNotifications()
  const markRead = useMarkNotificationRead()
  const markAllRead = useMarkAllNotificationsRead()
  const unread = notifications?.filter((item) => !item.isRead).length ?? 0

  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-4 border-b px-6 py-4">
        <p className="text-sm text-muted-foreground">{unread === 0 ? 'All caught up' : `${unread} unread`}</p>
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          <CheckCheck />
          Mark all as read
        </Button>
      </div>
      {isPending ? (
        <p className="px-6 py-10 text-center text-sm text-muted-foreground">Loading notifications...</p>
      ) : error ? (
        <p className="px-6 py-10 text-center text-sm text-destructive">{error.message}</p>
      ) : notifications.length === 0 ? (
        <p className="px-6 py-10 text-center text-sm text-muted-foreground">No notifications</p>
      ) : (
        <ul className="divide-y">
          {notifications.map((notification) => (
            <li key={notification.id}>
              <button
                type="button"
                className="w-full cursor-pointer px-6 py-4 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none"
                onClick={() => {
                  if (!notification.isRead) markRead.mutate(notification.id)
                }}
              >
                <NotificationSummary notification={notification} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
