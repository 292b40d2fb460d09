import {
  type AdminApplication,
  type Application,
  type ApplicationContent,
  type ApplicationStatus,
  type ApplicationSummary,
  applicationMessages,
  isEditable,
  type StatusChange,
  statusLabels,
  type UpdateApplicationBody,
} from '@patentdesk/contract/applications'
import type { Db } from '~/db/database'
import { memoUntilWrite } from '~/db/read-memo'
import { AppError } from '~/errors'
import type { AuthService, AuthUser } from '~/features/auth/auth.service'
import type { NotificationsService } from '~/features/notifications/notifications.service'
import * as repo from './applications.repo'
import { applicationsCsv } from './applications-csv'
import * as versions from './versions.repo'

/**
 * An applicant's list, read on every visit to the dashboard and My Patents and written far less often: on
 * PGlite, an answer kept until the database's next write (docs/decisions/0013); on PostgreSQL, read every time.
 */
const applicationsOfUser = memoUntilWrite(repo.listApplicationsOfUser)

const iso = (d: Date | null) => (d ? d.toISOString() : null)

const toSummary = (row: repo.ListedApplication): ApplicationSummary => ({
  id: row.id,
  reference: row.reference,
  title: row.title,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  submittedAt: iso(row.submittedAt),
})

export const toApplication = (row: repo.ApplicationRow): Application => ({
  ...toSummary(row),
  userId: row.userId,
  abstract: row.abstract,
  description: row.description,
  claims: row.claims,
  version: row.version,
})

const notFound = () => new AppError('NOT_FOUND', applicationMessages.notFound)
const notEditable = () => new AppError('CONFLICT', applicationMessages.notEditable)

/** A change made from an older version than the application's: refused with the application as it stands. */
function checkNotStale(current: repo.ApplicationRow, madeFrom: number) {
  if (madeFrom !== current.version) {
    throw new AppError(
      'CONFLICT',
      applicationMessages.staleSave,
      undefined,
      undefined,
      toApplication(current),
    )
  }
}

const sameText = (row: repo.ApplicationRow, content: ApplicationContent) =>
  row.title === content.title &&
  row.abstract === content.abstract &&
  row.description === content.description &&
  row.claims.length === content.claims.length &&
  row.claims.every((claim, index) => claim === content.claims[index])

export function createApplicationsService(deps: {
  db: Db
  auth: AuthService
  notifications: NotificationsService
}) {
  const { db, notifications } = deps

  /**
   * The application when the viewer owns it or is an administrator; otherwise the same 404 as a
   * missing one. With `lock`, the row is locked for the rest of that transaction.
   */
  async function requireViewable(viewer: AuthUser, id: number, { lock }: { lock?: Db } = {}) {
    const row = lock ? await repo.lockApplication(lock, id) : await repo.findApplication(db, id)
    if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) throw notFound()
    return row
  }

  /** For changes by the owner: only they may, and only while the application is editable. */
  async function requireEditable(viewer: AuthUser, id: number, tx: Db = db) {
    const row = await requireViewable(viewer, id, { lock: tx })
    if (row.userId !== viewer.id) throw new AppError('FORBIDDEN', applicationMessages.ownerOnly)
    if (!isEditable(row.status)) throw notEditable()
    return row
  }

  async function notifyAdminsOfSubmission(row: repo.ApplicationRow, applicant: AuthUser) {
    const admins = await deps.auth.listAdminIds()
    const owner = await deps.auth.getProfile(applicant)
    for (const adminId of admins.filter((id) => id !== applicant.id)) {
      await notifications.notify({
        userId: adminId,
        applicationId: row.id,
        title: 'Application submitted for review',
        message: `${owner.fullName} submitted ${row.reference} "${row.title}".`,
      })
    }
  }

  return {
    requireViewable,
    requireEditable,

    async listOwn(viewer: AuthUser): Promise<ApplicationSummary[]> {
      return applicationsOfUser(db, viewer.id)
    },

    async listAll(): Promise<AdminApplication[]> {
      return (await repo.listAllApplications(db)).map(({ application, applicantName }) => ({
        ...toSummary(application),
        userId: application.userId,
        applicantName,
      }))
    },

    async ownCsv(viewer: AuthUser) {
      return applicationsCsv(await repo.listApplicationsOfUserForExport(db, viewer.id), (row) => row)
    },

    async allCsv() {
      return applicationsCsv(await repo.listAllApplications(db), (item) => item.application, [
        ['Applicant', (item) => item.applicantName ?? 'Unknown'],
      ])
    },

    async create(viewer: AuthUser, content: ApplicationContent) {
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertApplication(tx, viewer.id, content)
        await versions.insertVersion(tx, created, viewer.id)
        await repo.insertStatusChange(tx, {
          applicationId: created.id,
          changedBy: viewer.id,
          toStatus: 'draft',
        })
        return created
      })
      return toApplication(row)
    },

    async get(viewer: AuthUser, id: number) {
      return toApplication(await requireViewable(viewer, id))
    },

    /**
     * A save of the text, made from version `madeFrom`: refused when the application has moved on since
     * (docs/decisions/0037); kept as the next version unless it changes nothing. `restoredFrom` names the
     * version a restore brings back.
     */
    async update(
      viewer: AuthUser,
      id: number,
      { version: madeFrom, ...content }: UpdateApplicationBody,
      restoredFrom: number | null = null,
    ) {
      const row = await db.transaction(async (tx) => {
        const current = await requireEditable(viewer, id, tx)
        checkNotStale(current, madeFrom)
        if (sameText(current, content)) return current
        const saved = await repo.updateApplication(tx, id, { ...content, version: current.version + 1 })
        await versions.insertVersion(tx, saved, viewer.id, restoredFrom)
        return saved
      })
      return toApplication(row)
    },

    /** draft or revision_required → submitted, by the owner; every administrator is told. */
    async submit(viewer: AuthUser, id: number) {
      const row = await db.transaction(async (tx) => {
        const current = await requireEditable(viewer, id, tx)
        const updated = await repo.updateApplication(tx, id, { status: 'submitted', submittedAt: new Date() })
        await repo.insertStatusChange(tx, {
          applicationId: id,
          changedBy: viewer.id,
          fromStatus: current.status,
          toStatus: 'submitted',
        })
        return updated
      })
      await notifyAdminsOfSubmission(row, viewer)
      return toApplication(row)
    },

    /** Any status, in any order, by an administrator; the owner is told. */
    async setStatus(admin: AuthUser, id: number, status: ApplicationStatus) {
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockApplication(tx, id)
        if (!current) throw notFound()
        const updated = await repo.updateApplication(tx, id, {
          status,
          ...(status === 'submitted' && !current.submittedAt ? { submittedAt: new Date() } : {}),
        })
        await repo.insertStatusChange(tx, {
          applicationId: id,
          changedBy: admin.id,
          fromStatus: current.status,
          toStatus: status,
        })
        return updated
      })
      if (row.userId !== admin.id) {
        await notifications.notify({
          userId: row.userId,
          applicationId: id,
          title: 'Application status updated',
          message: `${row.reference} "${row.title}" is now ${statusLabels[status]}.`,
        })
      }
      return toApplication(row)
    },

    async history(viewer: AuthUser, id: number): Promise<StatusChange[]> {
      await requireViewable(viewer, id)
      return (await repo.listStatusHistory(db, id)).map(({ change, changer }) => ({
        id: change.id,
        fromStatus: change.fromStatus,
        toStatus: change.toStatus,
        changedBy: changer,
        changedAt: change.changedAt.toISOString(),
      }))
    },

    touch: (id: number, tx: Db = db) => repo.touchApplication(tx, id),
  }
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>
