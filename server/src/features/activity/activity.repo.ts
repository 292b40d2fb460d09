import type { AuditQuery } from '@patentdesk/contract/activity'
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { activity } from '~/db/schema'

export type ActivityRow = typeof activity.$inferSelect

/** What a service records: the name of the actor is read from their account in the same statement. */
export type NewActivity = {
  applicationId: number | null
  actorId: number | null
  asAdmin?: boolean
  kind: string
  subject: string
  detail: string
}

export async function insertActivity(db: Db, entry: NewActivity) {
  await db.insert(activity).values({
    ...entry,
    actorName: entry.actorId === null ? null : sql`(select full_name from users where id = ${entry.actorId})`,
  })
}

/** One page of an application's entries, newest first, before the entry `before`. */
export function listApplicationActivity(
  db: Db,
  applicationId: number,
  before: number | undefined,
  size: number,
) {
  return db
    .select()
    .from(activity)
    .where(and(eq(activity.applicationId, applicationId), before ? lt(activity.id, before) : undefined))
    .orderBy(desc(activity.id))
    .limit(size)
}

/** Midnight UTC starting a day (YYYY-MM-DD) and the day after it: the ends of an inclusive range of days. */
const dayStart = (date: string) => sql`(${date}::date)::timestamp at time zone 'UTC'`
const dayAfter = (date: string) => sql`(${date}::date + 1)::timestamp at time zone 'UTC'`

/** One page of what administrators did, newest first, filtered. */
export function listAudit(db: Db, query: AuditQuery, size: number) {
  const where: (SQL | undefined)[] = [
    eq(activity.asAdmin, true),
    query.action ? eq(activity.kind, query.action) : undefined,
    query.adminId ? eq(activity.actorId, query.adminId) : undefined,
    query.from ? gte(activity.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(activity.createdAt, dayAfter(query.to)) : undefined,
    query.before ? lt(activity.id, query.before) : undefined,
  ]
  return db
    .select()
    .from(activity)
    .where(and(...where))
    .orderBy(desc(activity.id))
    .limit(size)
}
