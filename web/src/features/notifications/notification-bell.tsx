import { limits } from '@patentdesk/contract/limits'
import { Bell } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { useMarkNotificationRead, useNotifications } from './api'
import { NotificationSummary } from './notification-summary'

export function NotificationBell() {
  const { data: notifications = [] } = useNotifications()
  const markRead = useMarkNotificationRead()
  const unread = notifications.filter((item) => !item.isRead).length
  const latest = notifications.slice(0, limits.notificationDropdown)

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Notifications" className="relative">
          <Bell className="size-5" />
          {unread > 0 && (
            <span
              data-testid="unread-count"
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground"
            >
              {unread > limits.unreadBadgeCap ? `${limits.unreadBadgeCap}+` : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Latest notifications" className="w-80">
        <p className="border-b px-4 py-3 text-sm font-semibold">Notifications</p>
        {latest.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted-foreground">No notifications</p>
        ) : (
          <ul className="divide-y">
            {latest.map((notification) => (
              <li key={notification.id}>
                <button
                  type="button"
                  className="w-full cursor-pointer px-4 py-3 transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
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
        <PopoverClose asChild>
          <Link
            to="/notifications"
            className="block border-t px-4 py-2.5 text-center text-sm font-medium text-primary hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
          >
            View all notifications
          </Link>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  )
}
