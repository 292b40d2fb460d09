import { limits } from '@patentdesk/contract/limits'
import { Bell } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { IconButton } from '@/components/ui/icon-button'
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { useNotifications } from './api'
import { NotificationItems } from './notification-items'

export function NotificationBell() {
  const { data: notifications = [] } = useNotifications()
  const unread = notifications.filter((item) => !item.isRead).length
  const latest = notifications.slice(0, limits.notificationDropdown)
  const badge =
    unread > limits.unreadBadgeCap ? `${limits.unreadBadgeCap}+` : unread > 0 ? String(unread) : undefined

  const [open, setOpen] = useState(false)

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <IconButton label="Notifications" visibleText={badge} className="relative">
          <Bell className="size-5" />
          {badge && (
            <span
              data-testid="unread-count"
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground"
            >
              {badge}
            </span>
          )}
        </IconButton>
      </PopoverTrigger>
      <PopoverContent aria-label="Latest notifications" className="w-80">
        <p className="border-b px-4 py-3 text-sm font-semibold">Notifications</p>
        <div className="max-h-[min(26rem,60vh)] overflow-y-auto">
          <NotificationItems
            notifications={latest}
            emptyText="No notifications"
            className="px-4 py-3"
            onFollow={() => setOpen(false)}
          />
        </div>
        <PopoverClose asChild>
          <Link
            to="/notifications"
            className="block border-t px-4 py-2.5 text-center text-sm font-medium text-primary hover:bg-accent focus-visible:bg-accent focus-visible:-outline-offset-2"
          >
            View all notifications
          </Link>
        </PopoverClose>
      </PopoverContent>
    </Popover>
  )
}
