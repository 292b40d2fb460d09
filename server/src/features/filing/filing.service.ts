import { londonToday, plural } from '@patentdesk/contract/common'
import {
  type Deadline,
  type Filing,
  type FilingChange,
  filingMessages,
  type UkDates,
  type UpcomingDeadline,
} from '@patentdesk/contract/filing'
import { ukDateLabels } from '@patentdesk/contract/uk-date-labels'
import { reminderDays, ukRules } from '@patentdesk/contract/uk-rules'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import type { ActivityService } from '~/features/activity/activity.service'
import type { ApplicationsService } from '~/features/applications/applications.service'
import type { AuthUser } from '~/features/auth/auth.service'
import type { NotificationsService } from '~/features/notifications/notifications.service'
import { computeDeadlines, displayDate, type FilingDates, reminderWindow } from './deadlines'
import * as repo from './filing.repo'

export type ExportFormat = 'pdf' | 'docx'

const dateFields = Object.keys(ukDateLabels) as (keyof FilingDates)[]

const datesOf = (row: FilingDates): FilingDates =>
  Object.fromEntries(dateFields.map((field) => [field, row[field] ?? null])) as FilingDates

const deadlineField = (id: string) => `deadline:${id}`

/** How many upcoming deadlines the dashboard lists. */
const upcomingCount = 5

export function createFilingService(deps: {
  db: Db
  applications: ApplicationsService
  notifications: NotificationsService
  activity: ActivityService
  /** The clock, replaceable so tests can stand on a known day. */
  now?: () => Date
}) {
  const { db } = deps
  const today = () => londonToday(deps.now?.() ?? new Date())

  /** The deadlines of each application, with the ticked-off ones read in one query for them all. */
  async function deadlinesOfEach<T extends FilingDates & { id: number }>(rows: T[], on = today()) {
    const completions = new Map<number, Map<string, Date>>()
    for (const row of await repo.listCompletions(
      db,
      rows.map((r) => r.id),
    )) {
      const completed = completions.get(row.applicationId) ?? new Map<string, Date>()
      completed.set(row.deadlineId, row.completedAt)
      completions.set(row.applicationId, completed)
    }
    return rows.map((row) => ({
      row,
      deadlines: computeDeadlines(datesOf(row), { today: on, completed: completions.get(row.id) }),
    }))
  }

  const deadlinesOf = async (row: FilingDates & { id: number }, on = today()) =>
    (await deadlinesOfEach([row], on))[0]?.deadlines ?? []

  const changeLabel = (field: string) => {
    if (!field.startsWith('deadline:')) return ukDateLabels[field as keyof FilingDates] ?? field
    const id = field.slice('deadline:'.length)
    const [key, year] = [id.replace(/-\d+$/, ''), id.match(/-(\d+)$/)?.[1]]
    const title = ukRules[key as keyof typeof ukRules]?.title ?? id
    return year ? `${title} (year ${year})` : title
  }

  async function filingOf(row: FilingDates & { id: number }): Promise<Filing> {
    const on = today()
    const history = (await repo.listChanges(db, row.id)).map(
      ({ change, changer }): FilingChange => ({
        id: change.id,
        field: change.field,
        label: changeLabel(change.field),
        fromValue: change.fromValue,
        toValue: change.toValue,
        changedBy: changer,
        changedAt: change.changedAt.toISOString(),
      }),
    )
    return { dates: datesOf(row), today: on, deadlines: await deadlinesOf(row, on), history }
  }

  return {
    async get(viewer: AuthUser, id: number) {
      return filingOf(await deps.applications.requireViewable(viewer, id))
    },

    /** Owners and administrators record dates at any status: they become known after review. */
    async updateDates(viewer: AuthUser, id: number, dates: UkDates) {
      const row = await db.transaction(async (tx) => {
        const current = await deps.applications.requireAccess(viewer, id, 'record', { lock: tx })
        const before = datesOf(current)
        const changed = dateFields.filter((field) => before[field] !== dates[field])
        if (changed.length > 0) {
          await deps.activity.record(
            {
              applicationId: id,
              actorId: viewer.id,
              asAdmin: current.access === 'admin',
              kind: 'dates_changed',
              subject: current.reference,
              detail: `Recorded ${changed.map((field) => `${changeLabel(field)}: ${dates[field] ?? 'none'}`).join('; ')}.`,
            },
            tx,
          )
        }
        await repo.updateDates(tx, id, dates)
        await repo.insertChanges(
          tx,
          changed.map((field) => ({
            applicationId: id,
            changedBy: viewer.id,
            field,
            fromValue: before[field],
            toValue: dates[field],
          })),
        )
        return { ...current, ...dates }
      })
      return filingOf(row)
    },

    /** Ticks off (or reopens) a deadline the owner settles themselves: Form 7 filed, renewal paid… */
    async setDone(viewer: AuthUser, id: number, deadlineId: string, done: boolean) {
      const row = await deps.applications.requireAccess(viewer, id, 'record')
      const deadline = (await deadlinesOf(row)).find((d) => d.id === deadlineId)
      if (!deadline) throw new AppError('NOT_FOUND', filingMessages.deadlineUnknown)
      if (!deadline.manual) throw new AppError('CONFLICT', filingMessages.deadlineSettledByDate)
      await db.transaction(async (tx) => {
        if (await repo.setCompletion(tx, id, deadlineId, done ? viewer.id : null)) {
          await repo.insertChanges(tx, [
            {
              applicationId: id,
              changedBy: viewer.id,
              field: deadlineField(deadlineId),
              fromValue: done ? 'open' : 'done',
              toValue: done ? 'done' : 'open',
            },
          ])
        }
      })
      return filingOf(row)
    },

    /** The next deadlines across the viewer's own applications, for the dashboard. */
    async upcoming(viewer: AuthUser): Promise<UpcomingDeadline[]> {
      return (await deadlinesOfEach(await repo.listDated(db, viewer.id)))
        .flatMap(({ row, deadlines }) =>
          deadlines
            // Overdue deadlines stay until ticked off; those settled by a date leave once passed.
            .filter((d) => d.status !== 'done' && (d.daysLeft >= 0 || d.manual))
            .map((deadline) => ({
              applicationId: row.id,
              reference: row.reference,
              title: row.title,
              deadline,
            })),
        )
        .sort((a, b) => a.deadline.dueDate.localeCompare(b.deadline.dueDate))
        .slice(0, upcomingCount)
    },

    /** The stored application as a filing-ready PDF or DOCX (Patents Rules Schedule 2 layout). */
    async export(viewer: AuthUser, id: number, format: ExportFormat) {
      const row = await deps.applications.requireViewable(viewer, id)
      // Loaded on first use: the PDF and Word libraries are large, and most processes never export.
      const body =
        format === 'pdf'
          ? await (await import('./export/pdf')).renderApplicationPdf(row)
          : await (await import('./export/docx')).renderApplicationDocx(row)
      return { reference: row.reference, body }
    },

    async calendar(viewer: AuthUser, id: number) {
      const row = await deps.applications.requireViewable(viewer, id)
      const { deadlinesCalendar } = await import('./calendar')
      return { reference: row.reference, ics: deadlinesCalendar(row, await deadlinesOf(row)) }
    },

    /**
     * Notifies owners 30 and 7 days before each open deadline. Idempotent: each reminder has a key
     * (application, deadline, due date, window), so reruns, restarts and several servers send it once;
     * a changed date gets reminders of its own. Answers how many notifications were created.
     */
    async sendReminders(on = today()) {
      let sent = 0
      for (const { row, deadlines } of await deadlinesOfEach(await repo.listDated(db), on)) {
        for (const deadline of deadlines) {
          const window = reminderWindow(deadline, reminderDays)
          if (window === null) continue
          const created = await deps.notifications.notify({
            userId: row.userId,
            applicationId: row.id,
            title:
              deadline.daysLeft === 0 ? 'Deadline today' : `Deadline in ${plural(deadline.daysLeft, 'day')}`,
            message: reminderMessage(row, deadline),
            dedupeKey: `deadline:${row.id}:${deadline.id}:${deadline.dueDate}:${window}`,
          })
          if (created) sent += 1
        }
      }
      return sent
    },
  }
}

function reminderMessage(row: { reference: string; title: string }, deadline: Deadline) {
  return `${row.reference} "${row.title}": ${deadline.title} is due on ${displayDate(deadline.dueDate)} (${deadline.rule}). ${deadline.action}`
}

export type FilingService = ReturnType<typeof createFilingService>
