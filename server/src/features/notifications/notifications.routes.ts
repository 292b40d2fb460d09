import { IdParamsSchema, OkSchema } from '@patentdesk/contract/common'
import { NotificationListSchema } from '@patentdesk/contract/notifications'
import type { App } from '~/app-type'
import { requireUser } from '~/plugins/auth'
import type { NotificationsService } from './notifications.service'

export function notificationsRoutes(app: App, { notifications }: { notifications: NotificationsService }) {
  app.get('/api/notifications', { schema: { response: { 200: NotificationListSchema } } }, (request) =>
    notifications.list(requireUser(request).id),
  )

  app.put('/api/notifications/read-all', { schema: { response: { 200: OkSchema } } }, async (request) => {
    await notifications.markAllRead(requireUser(request).id)
    return { ok: true as const }
  })

  app.put(
    '/api/notifications/:id/read',
    { schema: { params: IdParamsSchema, response: { 200: OkSchema } } },
    async (request) => {
      await notifications.markRead(requireUser(request).id, request.params.id)
      return { ok: true as const }
    },
  )
}
