import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { deadlineCompletions, filingChanges, patentApplications } from '~/db/schema'
import { changer, changerColumns } from '~/shared/changer'
import type { FilingDates } from './deadlines'

const datesColumns = {
  priorityDate: patentApplications.priorityDate,
  priorityApplicationNumber: patentApplications.priorityApplicationNumber,
  priorityCountry: patentApplications.priorityCountry,
  filingDate: patentApplications.filingDate,
  applicationNumber: patentApplications.applicationNumber,
  publicationDate: patentApplications.publicationDate,
  publicationNumber: patentApplications.publicationNumber,
  firstExaminationReportDate: patentApplications.firstExaminationReportDate,
  grantDate: patentApplications.grantDate,
}

export async function updateDates(db: Db, applicationId: number, dates: FilingDates) {
  await db
    .update(patentApplications)
    .set({ ...dates, updatedAt: new Date() })
    .where(eq(patentApplications.id, applicationId))
}

export async function insertChanges(db: Db, changes: (typeof filingChanges.$inferInsert)[]) {
  if (changes.length > 0) await db.insert(filingChanges).values(changes)
}

export function listChanges(db: Db, applicationId: number) {
  return db
    .select({
      change: filingChanges,
      changer: changerColumns,
    })
    .from(filingChanges)
    .leftJoin(changer, eq(changer.id, filingChanges.changedBy))
    .where(eq(filingChanges.applicationId, applicationId))
    .orderBy(asc(filingChanges.changedAt), asc(filingChanges.id))
}

export async function listCompletions(db: Db, applicationIds: number[]) {
  if (applicationIds.length === 0) return []
  return db
    .select()
    .from(deadlineCompletions)
    .where(inArray(deadlineCompletions.applicationId, applicationIds))
}

/** Answers whether anything changed, so the history records only real changes. */
export async function setCompletion(
  db: Db,
  applicationId: number,
  deadlineId: string,
  userId: number | null,
) {
  if (userId === null) {
    const removed = await db
      .delete(deadlineCompletions)
      .where(
        and(
          eq(deadlineCompletions.applicationId, applicationId),
          eq(deadlineCompletions.deadlineId, deadlineId),
        ),
      )
      .returning({ id: deadlineCompletions.id })
    return removed.length > 0
  }
  const inserted = await db
    .insert(deadlineCompletions)
    .values({ applicationId, deadlineId, completedBy: userId })
    .onConflictDoNothing()
    .returning({ id: deadlineCompletions.id })
  return inserted.length > 0
}

/** Applications with a date to compute deadlines from; of one owner, or all (the reminder job). */
export function listDated(db: Db, userId?: number) {
  const dated = or(isNotNull(patentApplications.filingDate), isNotNull(patentApplications.priorityDate))
  return db
    .select({
      id: patentApplications.id,
      userId: patentApplications.userId,
      reference: patentApplications.reference,
      title: patentApplications.title,
      ...datesColumns,
    })
    .from(patentApplications)
    .where(userId === undefined ? dated : and(dated, eq(patentApplications.userId, userId)))
}
