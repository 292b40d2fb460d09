import { and, asc, count, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/database'
import { applicationComments, users } from '~/db/schema'

export type CommentRow = typeof applicationComments.$inferSelect
type Person = { id: number; username: string; fullName: string }
export type ListedComment = { comment: CommentRow; author: Person | null; resolver: Person | null }

const resolver = alias(users, 'resolver')

/** Every comment of the application, oldest first, with its author and the thread's resolver. */
export function listComments(db: Db, applicationId: number): Promise<ListedComment[]> {
  return db
    .select({
      comment: applicationComments,
      author: { id: users.id, username: users.username, fullName: users.fullName },
      resolver: { id: resolver.id, username: resolver.username, fullName: resolver.fullName },
    })
    .from(applicationComments)
    .leftJoin(users, eq(users.id, applicationComments.authorId))
    .leftJoin(resolver, eq(resolver.id, applicationComments.resolvedBy))
    .where(eq(applicationComments.applicationId, applicationId))
    .orderBy(asc(applicationComments.id))
}

export async function findComment(db: Db, applicationId: number, commentId: number) {
  const [row] = await db
    .select()
    .from(applicationComments)
    .where(and(eq(applicationComments.applicationId, applicationId), eq(applicationComments.id, commentId)))
  return row
}

export async function countComments(db: Db, applicationId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(applicationComments)
    .where(eq(applicationComments.applicationId, applicationId))
  return row?.n ?? 0
}

export async function insertComment(db: Db, values: typeof applicationComments.$inferInsert) {
  const [row] = await db.insert(applicationComments).values(values).returning()
  return row as CommentRow
}

export async function setResolved(db: Db, commentId: number, by: number | null) {
  await db
    .update(applicationComments)
    .set({ resolvedBy: by, resolvedAt: by === null ? null : new Date() })
    .where(eq(applicationComments.id, commentId))
}
