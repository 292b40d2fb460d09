import type { ActivityKind } from '@patentdesk/contract/activity'
import { type ApplicationStatus, isEditable, statusLabels } from '@patentdesk/contract/application-statuses'
import {
  type AccessLevel,
  type AdminApplication,
  type Application,
  type ApplicationContent,
  type ApplicationSummary,
  applicationMessages,
  canComment,
  canEdit,
  type StatusChange,
  type UpdateApplicationBody,
} from '@patentdesk/contract/applications'
import { commentMessages } from '@patentdesk/contract/comments'
import type { Db } from '~/db/database'
import { memoUntilWrite } from '~/db/read-memo'
import { AppError } from '~/errors'
import type { ActivityService } from '~/features/activity/activity.service'
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

export const toApplication = (row: Viewed): Application => ({
  ...toSummary(row),
  userId: row.userId,
  access: row.access,
  abstract: row.abstract,
  description: row.description,
  claims: row.claims,
  version: row.version,
})

const notFound = () => new AppError('NOT_FOUND', applicationMessages.notFound)
const notEditable = () => new AppError('CONFLICT', applicationMessages.notEditable)

/** A change made from an older version than the application's: refused with the application as it stands. */
function checkNotStale(current: Viewed, madeFrom: number) {
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

/**
 * What a request needs of the viewer's access: to read; to comment; to change the text and documents (an
 * editor or the owner); to record filing dates and deadlines (the owner or an administrator); what only the
 * owner does (submit, share).
 */
export type Need = 'view' | 'comment' | 'edit' | 'record' | 'own'

const grants: Record<Need, (access: AccessLevel) => boolean> = {
  view: () => true,
  comment: canComment,
  edit: canEdit,
  record: (access) => access === 'owner' || access === 'admin',
  own: (access) => access === 'owner',
}

const refusals: Record<Exclude<Need, 'view'>, string> = {
  comment: commentMessages.cannotComment,
  edit: applicationMessages.cannotEdit,
  record: applicationMessages.ownerOnly,
  own: applicationMessages.ownerOnly,
}

/** An application row with the viewer's access to it. */
export type Viewed = repo.ApplicationRow & { access: AccessLevel }

/** The parts of the text a save changes, for the activity list: 'title, claims'. */
const changedParts = (row: Viewed, content: ApplicationContent) =>
  [
    row.title !== content.title && 'title',
    row.abstract !== content.abstract && 'abstract',
    row.description !== content.description && 'description',
    (row.claims.length !== content.claims.length || row.claims.some((c, i) => c !== content.claims[i])) &&
      'claims',
  ]
    .filter(Boolean)
    .join(', ')

const sameText = (row: Viewed, content: ApplicationContent) =>
  row.title === content.title &&
  row.abstract === content.abstract &&
  row.description === content.description &&
  row.claims.length === content.claims.length &&
  row.claims.every((claim, index) => claim === content.claims[index])

export function createApplicationsService(deps: {
  db: Db
  auth: AuthService
  notifications: NotificationsService
  activity: ActivityService
}) {
  const { db, notifications } = deps

  /**
   * The viewer's access: the owner's, a collaborator's role, an administrator's. A collaborator's role is
   * read on every request, so a removal or a new role holds from the next one. An administrator who is also
   * an editor edits as one.
   */
  async function accessTo(viewer: AuthUser, row: repo.ApplicationRow, tx: Db): Promise<AccessLevel | null> {
    if (row.userId === viewer.id) return 'owner'
    const role = await repo.findCollaboratorRole(tx, row.id, viewer.id)
    if (viewer.isAdmin && role !== 'editor') return 'admin'
    return role ?? null
  }

  /**
   * The application with the viewer's access when it grants `need`. Without any access, the same 404 as a
   * missing one; with too little, 403 saying why. With `lock`, the row is locked for the rest of that
   * transaction (status changes, uploads and saves take turns).
   */
  async function requireAccess(
    viewer: AuthUser,
    id: number,
    need: Need,
    { lock, refusal }: { lock?: Db; refusal?: string } = {},
  ) {
    const row = lock ? await repo.lockApplication(lock, id) : await repo.findApplication(db, id)
    const access = row && (await accessTo(viewer, row, lock ?? db))
    if (!row || !access) throw notFound()
    if (need !== 'view' && !grants[need](access)) {
      throw new AppError('FORBIDDEN', refusal ?? refusals[need])
    }
    return { ...row, access }
  }

  const requireViewable = (viewer: AuthUser, id: number, options: { lock?: Db } = {}) =>
    requireAccess(viewer, id, 'view', options)

  /** For changes of the text and documents: by an editor or the owner, while the status allows them. */
  async function requireEditable(viewer: AuthUser, id: number, tx: Db = db, need: Need = 'edit') {
    const row = await requireAccess(viewer, id, need, { lock: tx })
    if (!isEditable(row.status)) throw notEditable()
    return row
  }

  /** Records what the viewer did to the application, in the transaction of the change. */
  const record = (
    tx: Db,
    viewer: AuthUser,
    row: { id: number; reference: string },
    kind: ActivityKind,
    detail: string,
    asAdmin = false,
  ) =>
    deps.activity.record(
      { applicationId: row.id, actorId: viewer.id, asAdmin, kind, subject: row.reference, detail },
      tx,
    )

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
    requireAccess,
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
        await record(tx, viewer, created, 'created', 'Created the application as a draft.')
        return created
      })
      return toApplication({ ...row, access: 'owner' })
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
      return toApplication(
        await db.transaction(async (tx) => {
          const current = await requireEditable(viewer, id, tx)
          checkNotStale(current, madeFrom)
          if (sameText(current, content)) return current
          const version = current.version + 1
          const saved = await repo.updateApplication(tx, id, { ...content, version })
          await versions.insertVersion(tx, saved, viewer.id, restoredFrom)
          await (restoredFrom === null
            ? record(
                tx,
                viewer,
                saved,
                'edited',
                `Saved version ${version}: ${changedParts(current, content)} changed.`,
              )
            : record(
                tx,
                viewer,
                saved,
                'restored',
                `Restored version ${restoredFrom} as version ${version}.`,
              ))
          return { ...saved, access: current.access }
        }),
      )
    },

    /** draft or revision_required → submitted, by the owner; every administrator is told. */
    async submit(viewer: AuthUser, id: number) {
      const row = await db.transaction(async (tx) => {
        const current = await requireEditable(viewer, id, tx, 'own')
        const updated = await repo.updateApplication(tx, id, { status: 'submitted', submittedAt: new Date() })
        await repo.insertStatusChange(tx, {
          applicationId: id,
          changedBy: viewer.id,
          fromStatus: current.status,
          toStatus: 'submitted',
        })
        await record(tx, viewer, updated, 'submitted', 'Submitted the application for review.')
        return { ...updated, access: current.access }
      })
      await notifyAdminsOfSubmission(row, viewer)
      return toApplication(row)
    },

    /** Any status, in any order, by an administrator; the owner and the collaborators are told. */
    async setStatus(admin: AuthUser, id: number, status: ApplicationStatus) {
      const row = await db.transaction(async (tx) => {
        const current = await requireAccess(admin, id, 'view', { lock: tx })
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
        const change = `Changed the status from ${statusLabels[current.status]} to ${statusLabels[status]}.`
        await record(tx, admin, updated, 'status_changed', change, true)
        return { ...updated, access: current.access }
      })
      await notifications.notifyAll(
        (await repo.listPeopleWithAccess(db, id))
          .filter((person) => person.id !== admin.id)
          .map((person) => ({
            userId: person.id,
            applicationId: id,
            title: 'Application status updated',
            message: `${row.reference} "${row.title}" is now ${statusLabels[status]}.`,
          })),
      )
      return toApplication(row)
    },

    /** The application's activity, newest first, for whoever may view it. */
    async activity(viewer: AuthUser, id: number, before: number | undefined) {
      await requireViewable(viewer, id)
      return deps.activity.forApplication(id, before)
    },

    /** Who a comment on the application may mention: its owner, its collaborators and the administrators. */
    mentionable: (id: number) => repo.listMentionable(db, id),

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

    /** The row, locked for the transaction, whoever asks: for a change the caller has authorised otherwise. */
    async lock(tx: Db, id: number) {
      const row = await repo.lockApplication(tx, id)
      if (!row) throw notFound()
      return row
    },
  }
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>
