import type { ApplicationContent, ApplicationStatus } from '@patentdesk/contract/applications'
import { asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/client'
import { applicationStatusHistory, patentApplications, users } from '~/db/schema'

export type ApplicationRow = typeof patentApplications.$inferSelect

/** PA-<year>-<five digits>, numbered by one database sequence so concurrent servers never collide. */
const nextReference = sql<string>`'PA-' || extract(year from now())::int || '-' || lpad(nextval('application_reference_seq')::text, 5, '0')`

export async function insertApplication(db: Db, userId: number, content: ApplicationContent) {
  const [row] = await db
    .insert(patentApplications)
    .values({ userId, ...content, reference: nextReference, status: 'draft' })
    .returning()
  return row as ApplicationRow
}

export async function findApplication(db: Db, id: number) {
  const [row] = await db.select().from(patentApplications).where(eq(patentApplications.id, id))
  return row
}

/** Locks the row for the rest of the transaction, so status changes and uploads take turns. */
export async function lockApplication(db: Db, id: number) {
  const [row] = await db.select().from(patentApplications).where(eq(patentApplications.id, id)).for('update')
  return row
}

export function listApplicationsOfUser(db: Db, userId: number) {
  return db
    .select()
    .from(patentApplications)
    .where(eq(patentApplications.userId, userId))
    .orderBy(desc(patentApplications.updatedAt), desc(patentApplications.id))
}

export function listAllApplications(db: Db) {
  return db
    .select({ application: patentApplications, applicantName: users.fullName })
    .from(patentApplications)
    .leftJoin(users, eq(users.id, patentApplications.userId))
    .orderBy(desc(patentApplications.updatedAt), desc(patentApplications.id))
}

export async function updateApplication(
  db: Db,
  id: number,
  changes: Partial<ApplicationContent> & { status?: ApplicationStatus; submittedAt?: Date },
) {
  const [row] = await db
    .update(patentApplications)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(patentApplications.id, id))
    .returning()
  return row as ApplicationRow
}

/** Marks the application as changed now (a document added or removed). */
export async function touchApplication(db: Db, id: number) {
  await db.update(patentApplications).set({ updatedAt: new Date() }).where(eq(patentApplications.id, id))
}

export async function insertStatusChange(db: Db, change: typeof applicationStatusHistory.$inferInsert) {
  await db.insert(applicationStatusHistory).values(change)
}

/** Who made a recorded change (a status change, a UK date): join `changer`, select `changerColumns`. */
export const changer = alias(users, 'changer')
export const changerColumns = { id: changer.id, fullName: changer.fullName, isAdmin: changer.isAdmin }

export function listStatusHistory(db: Db, applicationId: number) {
  return db
    .select({
      change: applicationStatusHistory,
      changer: changerColumns,
    })
    .from(applicationStatusHistory)
    .leftJoin(changer, eq(changer.id, applicationStatusHistory.changedBy))
    .where(eq(applicationStatusHistory.applicationId, applicationId))
    .orderBy(asc(applicationStatusHistory.changedAt), asc(applicationStatusHistory.id))
}
