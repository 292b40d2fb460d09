import { CheckCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { LoadingSkeleton, SkeletonRows } from '@/components/ui/skeleton'
import { useMarkAllNotificationsRead, useNotifications } from './api'
import { NotificationItems } from './notification-items'

export function NotificationList() {
  const { data: notifications, isPending, error } = useNotifications()
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
        <LoadingSkeleton label="Loading notifications..." className="px-6 py-4">
          <SkeletonRows rows={4} columns={2} />
        </LoadingSkeleton>
      ) : error ? (
        <p className="px-6 py-10 text-center text-sm text-destructive">{error.message}</p>
      ) : (
        <NotificationItems notifications={notifications} emptyText="No notifications" className="px-6 py-4" />
      )}
    </Card>
  )
}
