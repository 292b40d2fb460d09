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

/** Rows a multi-row insert sends at once: 9 columns each stays far below PostgreSQL's 65,535 parameters. */
const INSERT_ROWS = 2000

/** Many notifications in few statements (an import's alerts: thousands at once); the duplicates skipped. */
export async function insertNotifications(db: Db, list: NewNotification[]) {
  for (let start = 0; start < list.length; start += INSERT_ROWS)
    await db
      .insert(notifications)
      .values(list.slice(start, start + INSERT_ROWS))
      .onConflictDoNothing()
}
