import { addMonths } from 'date-fns/addMonths'
import type { Period } from './uk-rules'

/*
 * Calendar dates and the periods that run between them: plain functions, apart from the filing schemas of
 * filing.ts, so that a screen listing deadlines builds none of those (docs/decisions/0040).
 */

/** Calendar dates travel as YYYY-MM-DD; they have no time of day and no time zone. */
export type IsoDate = string

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A local midnight, so calendar arithmetic never crosses a time-zone boundary. */
export const parseIsoDate = (value: IsoDate) => {
  const [year, month, day] = value.split('-').map(Number)
  return new Date(year ?? Number.NaN, (month ?? Number.NaN) - 1, day ?? Number.NaN)
}
export const formatIsoDate = (date: Date): IsoDate =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`

/** The date a period starting on `from` ends on (see uk-rules.ts for how periods run). */
export const addPeriod = (from: IsoDate, period: Period): IsoDate =>
  formatIsoDate(addMonths(parseIsoDate(from), period.months))
