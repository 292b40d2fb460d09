import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { feedback } from '~/db/schema'

export type FeedbackRow = typeof feedback.$inferSelect

export function listFeedback(db: Db, applicationId: number) {
  return db
    .select()
    .from(feedback)
    .where(eq(feedback.applicationId, applicationId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
}

export async function insertFeedback(db: Db, row: typeof feedback.$inferInsert) {
  const [created] = await db.insert(feedback).values(row).returning()
  return created as FeedbackRow
}
