/*
 * Counts and dates as en-GB writes them, without Intl. The first use of Intl in a page (a NumberFormat, a
 * DateTimeFormat, a number's toLocaleString) holds the browser's main thread 24–70 ms while V8 sets up ICU's
 * locale data, on every first visit, before the page answers a tap (docs/decisions/0040). These are the only
 * forms the product writes; format.test.ts holds each to Intl's own output.
 */

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** 47,046: a whole number with its thousands grouped; any other number as Intl writes it. */
export function formatCount(n: number) {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-GB')
  const digits = String(Math.abs(n))
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1)
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`
  return n < 0 ? `-${grouped}` : grouped
}

/** '19 July 2016' (en-GB's long date), of the date's day in UTC or in the local time zone. */
export function formatLongDay(date: Date, zone: 'utc' | 'local') {
  const [year, month, day] =
    zone === 'utc'
      ? [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()]
      : [date.getFullYear(), date.getMonth(), date.getDate()]
  // Intl writes the year of the era: in a time zone west of Greenwich, 1 January of year 1 is in 1 BC.
  return `${day} ${months[month]} ${year > 0 ? year : 1 - year}`
}

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** '19 July 2016 at 09:05' (en-GB's long date and short time), in the local time zone. */
export const formatLongDayAndTime = (date: Date) =>
  `${formatLongDay(date, 'local')} at ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
