import { type IsoDate, parseIsoDate } from '@patentdesk/contract/calendar-dates'
import type { Deadline } from '@patentdesk/contract/filing'
import { formatLongDay } from '@patentdesk/contract/format'
import { reminderDays } from '@patentdesk/contract/uk-rules'

/** '2026-05-10' as '10 May 2026'. Read in local time: through `new Date(iso)` (UTC) the day before west of
 * Greenwich. */
export const formatDay = (iso: IsoDate) => formatLongDay(parseIsoDate(iso), 'local')

const days = (count: number) => (count === 1 ? '1 day' : `${count} days`)

export function describeDaysLeft(daysLeft: number) {
  if (daysLeft === 0) return 'today'
  return daysLeft > 0 ? `in ${days(daysLeft)}` : `${days(-daysLeft)} overdue`
}

/** The first reminder goes out this many days ahead; from then on a deadline is due soon. */
const dueSoonDays = Math.max(...reminderDays)

export type DeadlineState = 'open' | 'due-soon' | 'overdue' | 'done'

export function deadlineState({ status, daysLeft }: Pick<Deadline, 'status' | 'daysLeft'>): DeadlineState {
  if (status !== 'open') return status
  return daysLeft <= dueSoonDays ? 'due-soon' : 'open'
}
