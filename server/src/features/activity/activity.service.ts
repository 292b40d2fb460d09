import {
  type ActivityEntry,
  type ActivityKind,
  type ActivityPage,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  auditLabels,
} from '@patentdesk/contract/activity'
import { limits } from '@patentdesk/contract/limits'
import { stringify } from 'csv-stringify/sync'
import type { Db } from '~/db/database'
import { csvCell } from '~/shared/csv-cell'
import * as repo from './activity.repo'

/** The most entries one CSV export holds, newest first: a bounded answer whatever the log's size. */
export const auditCsvMax = 50_000

const actorOf = (row: repo.ActivityRow) =>
  row.actorId === null && row.actorName === null ? null : { id: row.actorId, fullName: row.actorName ?? '' }

const toEntry = (row: repo.ActivityRow): ActivityEntry => ({
  id: row.id,
  kind: row.kind as ActivityKind,
  actor: actorOf(row),
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
})

const toAuditEntry = (row: repo.ActivityRow): AuditEntry => ({
  id: row.id,
  action: row.kind as AuditAction,
  actor: actorOf(row),
  subject: row.subject,
  applicationId: row.applicationId,
  detail: row.detail,
  createdAt: row.createdAt.toISOString(),
})

/** A page of `size` read as size + 1 rows: the extra one says whether there is a next page. */
function paged<T extends { id: number }>(
  rows: repo.ActivityRow[],
  size: number,
  map: (row: repo.ActivityRow) => T,
) {
  const entries = rows.slice(0, size).map(map)
  return { entries, nextBefore: rows.length > size ? (entries.at(-1)?.id ?? null) : null }
}

/**
 * The record of who did what: each application's activity list (read by whoever may view the application,
 * which its callers check) and the administrators' audit log.
 */
export function createActivityService({ db }: { db: Db }) {
  const size = limits.activityPage
  return {
    /** Records an entry; given the transaction of the change, it is kept exactly when the change is. */
    record: (entry: repo.NewActivity, tx: Db = db) => repo.insertActivity(tx, entry),

    async forApplication(applicationId: number, before: number | undefined): Promise<ActivityPage> {
      return paged(await repo.listApplicationActivity(db, applicationId, before, size + 1), size, toEntry)
    },

    async audit(query: AuditQuery): Promise<AuditPage> {
      return paged(await repo.listAudit(db, query, size + 1), size, toAuditEntry)
    },

    /** The filtered log as CSV (UTF-8 with a byte order mark), at most `auditCsvMax` entries, newest first. */
    async auditCsv(query: AuditQuery) {
      const rows = (await repo.listAudit(db, { ...query, before: undefined }, auditCsvMax)).map(toAuditEntry)
      const header = ['When (UTC)', 'Administrator', 'Action', 'Subject', 'Detail']
      const records = rows.map((entry) =>
        [
          entry.createdAt,
          entry.actor?.fullName ?? 'Command line',
          auditLabels[entry.action] ?? entry.action,
          entry.subject,
          entry.detail,
        ].map(csvCell),
      )
      return stringify([header, ...records], { bom: true, record_delimiter: 'windows' })
    },
  }
}

export type ActivityService = ReturnType<typeof createActivityService>
