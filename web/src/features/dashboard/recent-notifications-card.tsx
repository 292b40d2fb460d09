import { limits } from '@patentdesk/contract/limits'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { NotificationItems, useNotifications } from '@/features/notifications'
import { PanelLink } from './panel-link'

export function RecentNotificationsCard() {
  const notifications = useNotifications()
  const unread = notifications.data?.filter((item) => !item.isRead).length ?? 0
  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex-row items-start justify-between border-b pb-4">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Recent Notifications</CardTitle>
          {notifications.data && (
            <CardDescription>
              {notifications.data.length === 0 ? 'No notifications' : `${unread} unread`}
            </CardDescription>
          )}
        </div>
        <PanelLink to="/notifications">View all</PanelLink>
      </CardHeader>
      <QueryState query={notifications} className="px-6 py-6 text-center">
        {(list) => (
          <NotificationItems
            notifications={list.slice(0, limits.dashboard.notifications)}
            emptyText="No notifications to display"
            className="px-6 py-4"
          />
        )}
      </QueryState>
    </Card>
  )
}
