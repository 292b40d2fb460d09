import { formatLongDay, formatLongDayAndTime } from '@patentdesk/contract/format'

/** An instant as '19 July 2016 at 09:05', in the reader's time zone; anything else is returned as it is. */
export function formatDateTime(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : formatLongDayAndTime(date)
}

/** An instant's day as '19 July 2016', in the reader's time zone; anything else is returned as it is. */
export function formatDate(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : formatLongDay(date, 'local')
}
