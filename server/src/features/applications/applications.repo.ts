import type { ApplicationStatus } from '@patentdesk/contract/application-statuses'
import type { ApplicationContent, ApplicationSummary } from '@patentdesk/contract/applications'
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '~/db/database'
import { preparedPerDb } from '~/db/prepared'
import { applicationCollaborators, applicationStatusHistory, patentApplications, users } from '~/db/schema'
import { changer, changerColumns } from '~/shared/changer'

export type ApplicationRow = typeof patentApplications.$inferSelect

/**
 * An application as the exports and the admin list need it: every column but its texts, which are most of
 * its bytes (a real description runs to tens of kilobytes). Lists never read those (docs/decisions/0013).
 */
const {
  abstract: _abstract,
  description: _description,
  claims: _claims,
  ...listedColumns
} = getTableColumns(patentApplications)
export type ListedApplication = Omit<ApplicationRow, 'abstract' | 'description' | 'claims'>

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

/** The role the user was given on the application, if any (a pending invitation gives none). */
export async function findCollaboratorRole(db: Db, applicationId: number, userId: number) {
  const [row] = await db
    .select({ role: applicationCollaborators.role })
    .from(applicationCollaborators)
    .where(
      and(
        eq(applicationCollaborators.applicationId, applicationId),
        eq(applicationCollaborators.userId, userId),
      ),
    )
  return row?.role
}

/** The owner and every collaborator who accepted: who is told of the application's news and may be mentioned. */
export function listPeopleWithAccess(db: Db, applicationId: number) {
  const owner = db
    .select({ id: users.id, username: users.username })
    .from(users)
    .innerJoin(patentApplications, eq(patentApplications.userId, users.id))
    .where(eq(patentApplications.id, applicationId))
  const collaborators = db
    .select({ id: users.id, username: users.username })
    .from(users)
    .innerJoin(applicationCollaborators, eq(applicationCollaborators.userId, users.id))
    .where(eq(applicationCollaborators.applicationId, applicationId))
  return owner.unionAll(collaborators)
}

/** Who a comment may mention: the people with access, and the administrators, who read every application. */
export function listMentionable(db: Db, applicationId: number) {
  const admins = db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.isAdmin, true))
  return listPeopleWithAccess(db, applicationId).union(admins)
}

/** Locks the row for the rest of the transaction, so status changes and uploads take turns. */
export async function lockApplication(db: Db, id: number) {
  const [row] = await db.select().from(patentApplications).where(eq(patentApplications.id, id)).for('update')
  return row
}

const newestFirst = [desc(patentApplications.updatedAt), desc(patentApplications.id)]

/** A timestamp as JavaScript's `toISOString` writes it: UTC, milliseconds cut (not rounded) as Date does. */
const isoTime = (column: PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The applicant's own list, newest first, as the JSON the client gets (the column's check keeps the status
 * one of the contract's): PostgreSQL builds it and the driver parses one value, where seven columns of
 * every row through the driver, Drizzle and Date cost more than the rest of the request. Asked for on every page, so prepared once
 * (docs/decisions/0013).
 */
const applicationsOfUser = preparedPerDb((db) =>
  db
    .select({
      list: sql<ApplicationSummary[]>`coalesce(json_agg(json_build_object(
        'id', ${patentApplications.id},
        'reference', ${patentApplications.reference},
        'title', ${patentApplications.title},
        'status', ${patentApplications.status},
        'createdAt', ${isoTime(patentApplications.createdAt)},
        'updatedAt', ${isoTime(patentApplications.updatedAt)},
        'submittedAt', ${isoTime(patentApplications.submittedAt)}
      ) order by ${patentApplications.updatedAt} desc, ${patentApplications.id} desc), '[]')`,
    })
    .from(patentApplications)
    .where(eq(patentApplications.userId, sql.placeholder('userId')))
    .prepare('list_applications_of_user'),
)

export async function listApplicationsOfUser(db: Db, userId: number) {
  const [row] = await applicationsOfUser(db).execute({ userId })
  return row?.list ?? []
}

/** The applicant's applications with their UK dates and numbers, for the CSV export. */
export function listApplicationsOfUserForExport(db: Db, userId: number) {
  return db
    .select(listedColumns)
    .from(patentApplications)
    .where(eq(patentApplications.userId, userId))
    .orderBy(...newestFirst)
}

export function listAllApplications(db: Db) {
  return db
    .select({ application: listedColumns, applicantName: users.fullName })
    .from(patentApplications)
    .leftJoin(users, eq(users.id, patentApplications.userId))
    .orderBy(...newestFirst)
}

export async function updateApplication(
  db: Db,
  id: number,
  changes: Partial<ApplicationContent> & { status?: ApplicationStatus; submittedAt?: Date; version?: number },
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
