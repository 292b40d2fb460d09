import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { notifications } from '~/db/schema'

export type NewNotification = typeof notifications.$inferInsert

export function listNotifications(db: Db, userId: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
}

/** Answers how many rows changed; 0 for someone else's notification. */
export async function markRead(db: Db, userId: number, id?: number) {
  const owned = eq(notifications.userId, userId)
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(id === undefined ? owned : and(owned, eq(notifications.id, id)))
    .returning({ id: notifications.id })
  return rows.length
}

export async function insertNotification(db: Db, notification: NewNotification) {
  const [row] = await db.insert(notifications).values(notification).onConflictDoNothing().returning()
  return row
}
