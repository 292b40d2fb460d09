import { parseIsoDate } from '@patentdesk/contract/calendar-dates'
import type { Deadline } from '@patentdesk/contract/filing'
import { reminderDays } from '@patentdesk/contract/uk-rules'
import { addDays } from 'date-fns/addDays'
import { createEvents, type DateArray, type EventAttributes } from 'ics'
import { AppError } from '~/errors'

const dateArray = (date: Date): DateArray => [date.getFullYear(), date.getMonth() + 1, date.getDate()]

/**
 * An iCalendar file of the deadlines still open: all-day events with alarms 30 and 7 days ahead, so
 * a calendar reminds the applicant even without PatentDesk. UIDs are stable per application and
 * deadline, so importing the file again updates the events instead of duplicating them.
 */
export function deadlinesCalendar(application: { reference: string; title: string }, deadlines: Deadline[]) {
  const events = deadlines
    .filter((d) => d.status !== 'done')
    .map((d): EventAttributes => {
      const day = parseIsoDate(d.dueDate)
      return {
        uid: `${application.reference}-${d.id}@patentdesk`,
        title: `${d.title}: ${application.reference}`,
        description: [
          `${application.reference} "${application.title}"`,
          d.action,
          `${d.rule}. ${d.basis}.`,
          d.extension,
          d.note,
          d.estimated ? 'Estimated from the expected publication date.' : null,
        ]
          .filter(Boolean)
          .join('\n'),
        start: dateArray(day),
        end: dateArray(addDays(day, 1)),
        // Triggers in hours: the library writes day durations as "P30DT", which strict readers refuse.
        alarms: d.event
          ? []
          : reminderDays.map((days) => ({
              action: 'display' as const,
              description: `${d.title} due in ${days} days`,
              trigger: { hours: days * 24, before: true },
            })),
      }
    })
  const { error, value } = createEvents(events, {
    calName: `PatentDesk ${application.reference}`,
    productId: 'patentdesk/deadlines',
  })
  if (error || !value) throw new AppError('INTERNAL', `The calendar could not be written: ${error?.message}`)
  return value
}
