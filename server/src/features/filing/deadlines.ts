import { addPeriod, formatIsoDate, type IsoDate, parseIsoDate } from '@patentdesk/contract/calendar-dates'
import { type Deadline, deadlineId, type Filing } from '@patentdesk/contract/filing'
import { type DeadlineKey, periods, ukRules } from '@patentdesk/contract/uk-rules'
import { addDays } from 'date-fns/addDays'
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { endOfMonth } from 'date-fns/endOfMonth'

export type FilingDates = Filing['dates']

const later = (a: IsoDate, b: IsoDate) => (a > b ? a : b)
/** '10 May 2026', as the UK writes dates. */
export const displayDate = (value: IsoDate) =>
  parseIsoDate(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })

const weekendNote = (due: IsoDate) => {
  const day = parseIsoDate(due).getDay()
  if (day !== 0 && day !== 6) return null
  return `Falls on a ${day === 0 ? 'Sunday' : 'Saturday'}: the period runs on to the next day the IPO is open (r.110(1)); aim for the date shown.`
}

const eventNote = (expected: IsoDate, today: IsoDate) =>
  expected < today ? 'Expected by now: record the date once the IPO has published the application.' : null

type Draft = {
  key: DeadlineKey
  dueDate: IsoDate
  basis: string
  year?: number
  /** Settled by a recorded date (publication, grant…), done or still pending; otherwise the owner ticks it off. */
  doneBy?: 'recorded' | 'pending'
  estimated?: boolean
  note?: string
}

/** The renewal years r.37–38 ask fees for: the 5th to the 20th (s.25(1)). */
const renewalYears = Array.from({ length: 16 }, (_, i) => i + 5)

function drafts(dates: FilingDates, today: IsoDate): Draft[] {
  const { priorityDate, filingDate, publicationDate, firstExaminationReportDate, grantDate } = dates
  const earliest = priorityDate ?? filingDate
  const rows: Draft[] = []
  if (priorityDate) {
    const due = addPeriod(priorityDate, periods.priority)
    const filedLate = filingDate !== null && filingDate > due
    rows.push({
      key: 'priority',
      dueDate: due,
      basis: `12 months from the priority date (${displayDate(priorityDate)})`,
      doneBy: filingDate && !filedLate ? 'recorded' : 'pending',
      note: filedLate
        ? 'Filed after the priority period: priority needs a late declaration (s.5(2B)).'
        : undefined,
    })
    if (filedLate || (!filingDate && due < today)) {
      rows.push({
        key: 'late-priority',
        dueDate: addPeriod(priorityDate, periods.latePriority),
        basis: `14 months from the priority date (${displayDate(priorityDate)})`,
      })
    }
  }
  if (!filingDate || !earliest) return rows

  const fromEarliest = priorityDate ? 'the declared priority date' : 'the filing date'
  rows.push(
    {
      key: 'claims-fees-search',
      dueDate: later(
        addPeriod(earliest, periods.claimsFromEarliest),
        addPeriod(filingDate, periods.claimsFromFiling),
      ),
      basis: `The later of 12 months from ${fromEarliest} (${displayDate(earliest)}) and 2 months from filing (${displayDate(filingDate)})`,
    },
    {
      key: 'inventorship',
      dueDate: addPeriod(earliest, periods.inventorship),
      basis: `16 months from ${fromEarliest} (${displayDate(earliest)})`,
    },
  )
  const expectedPublication = addPeriod(earliest, periods.publication)
  rows.push({
    key: 'publication',
    dueDate: publicationDate ?? expectedPublication,
    basis: publicationDate
      ? `Published on ${displayDate(publicationDate)}`
      : `18 months from ${fromEarliest} (${displayDate(earliest)})`,
    doneBy: publicationDate ? 'recorded' : 'pending',
  })
  rows.push({
    key: 'examination',
    dueDate: addPeriod(publicationDate ?? expectedPublication, periods.examination),
    basis: publicationDate
      ? `6 months from 'A' publication (${displayDate(publicationDate)})`
      : `6 months from the expected 'A' publication (${displayDate(expectedPublication)})`,
    estimated: !publicationDate,
  })
  const complianceFromEarliest = addPeriod(earliest, periods.complianceFromEarliest)
  const complianceFromReport = firstExaminationReportDate
    ? addPeriod(firstExaminationReportDate, periods.complianceFromFirstReport)
    : null
  rows.push({
    key: 'compliance',
    dueDate: complianceFromReport
      ? later(complianceFromEarliest, complianceFromReport)
      : complianceFromEarliest,
    basis:
      complianceFromReport && complianceFromReport > complianceFromEarliest
        ? `12 months from the first examination report (${displayDate(firstExaminationReportDate as string)}), later than 4 years 6 months from ${fromEarliest}`
        : `4 years 6 months from ${fromEarliest} (${displayDate(earliest)})`,
    doneBy: grantDate ? 'recorded' : 'pending',
  })
  if (grantDate) rows.push(...renewals(filingDate, grantDate))
  return rows
}

/**
 * r.37: the fee for year n is due at the end of the month of the (n-1)th anniversary of filing; a
 * fee that would fall due before grant, or within 3 months after it, is due by the end of the
 * 3 months beginning with the date of grant (r.37(4)).
 */
function renewals(filingDate: IsoDate, grantDate: IsoDate): Draft[] {
  const graceEnd = formatIsoDate(
    addDays(parseIsoDate(addPeriod(grantDate, periods.renewalAfterLateGrant)), -1),
  )
  const firstAnniversaryMonths = periods.firstRenewalAnniversary.months
  return renewalYears.map((year) => {
    const anniversary = addPeriod(filingDate, { months: firstAnniversaryMonths + (year - 5) * 12 })
    const normal = formatIsoDate(endOfMonth(parseIsoDate(anniversary)))
    const afterGrant = normal < graceEnd
    return {
      key: 'renewal' as const,
      year,
      dueDate: afterGrant ? graceEnd : normal,
      basis: afterGrant
        ? `3 months beginning with the grant date (${displayDate(grantDate)})`
        : `End of the month of the ${year - 1}th anniversary of filing (${displayDate(anniversary)})`,
    }
  })
}

/**
 * Every deadline of an application from its recorded UK dates, as on `today`; `completed` holds the
 * ids the owner has ticked off, with when.
 */
export function computeDeadlines(
  dates: FilingDates,
  { today, completed = new Map() }: { today: IsoDate; completed?: Map<string, Date> },
): Deadline[] {
  return drafts(dates, today)
    .map((draft): Deadline => {
      const rule = ukRules[draft.key]
      const id = deadlineId(draft.key, draft.year)
      const manual = !rule.event && draft.doneBy === undefined
      const completedAt = manual ? (completed.get(id) ?? null) : null
      const done = draft.doneBy === 'recorded' || completedAt !== null
      return {
        id,
        key: draft.key,
        title: draft.year ? `${rule.title} (year ${draft.year})` : rule.title,
        action: rule.action,
        dueDate: draft.dueDate,
        daysLeft: differenceInCalendarDays(parseIsoDate(draft.dueDate), parseIsoDate(today)),
        rule: rule.rule,
        basis: draft.basis,
        extendable: rule.extension.extendable,
        extension: rule.extension.how,
        ipoReminder: rule.ipoReminder,
        event: Boolean(rule.event),
        estimated: Boolean(draft.estimated),
        note:
          draft.note ??
          (done ? null : rule.event ? eventNote(draft.dueDate, today) : weekendNote(draft.dueDate)),
        // An office event is never the applicant's fault: it stays open until its date is recorded.
        status: done ? 'done' : draft.dueDate < today && !rule.event ? 'overdue' : 'open',
        manual,
        completedAt: completedAt?.toISOString() ?? null,
      }
    })
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))
}

/** The reminder due now for an open deadline, 30 or 7 days ahead (uk-rules.ts `reminderDays`). */
export function reminderWindow(deadline: Deadline, days: readonly number[]) {
  if (deadline.status !== 'open' || deadline.event || deadline.daysLeft < 0) return null
  const windows = days.filter((d) => deadline.daysLeft <= d)
  return windows.length > 0 ? Math.min(...windows) : null
}
