import type { Notification } from '@patentdesk/contract/notifications'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import * as repo from './notifications.repo'

type Row = Awaited<ReturnType<typeof repo.listNotifications>>[number]

const toNotification = (n: Row): Notification => ({
  id: n.id,
  patentId: n.applicationId,
  title: n.title,
  message: n.message,
  link: n.link,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
})

export function createNotificationsService({ db }: { db: Db }) {
  return {
    async list(userId: number) {
      return (await repo.listNotifications(db, userId)).map(toNotification)
    },
    async markRead(userId: number, id: number) {
      if ((await repo.markRead(db, userId, id)) === 0)
        throw new AppError('NOT_FOUND', 'Notification not found.')
    },
    async markAllRead(userId: number) {
      await repo.markRead(db, userId)
    },
    /**
     * Idempotent when `dedupeKey` is given: the same key is stored once per user. `within`: the transaction
     * of the change it tells of, so that both are stored or neither.
     */
    async notify(notification: repo.NewNotification, within: Db = db) {
      const row = await repo.insertNotification(within, notification)
      return row && toNotification(row)
    },

    /** As `notify`, for many at once (an import's alerts), in a few statements. */
    notifyAll: (list: repo.NewNotification[], within: Db = db) => repo.insertNotifications(within, list),
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>
