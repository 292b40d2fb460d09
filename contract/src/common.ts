import { z } from 'zod'
import { messages } from './errors'
import { formatCount, formatLongDay } from './format'

/** Row ids are PostgreSQL `integer`s; a larger number names no row, and the database would refuse it. */
export const maxId = 2_147_483_647

/** The one rule for every id in a path: a whole number from 1 to maxId. */
export const IdSchema = z.coerce
  .number('must be a whole number')
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(maxId, `must not exceed ${maxId}`)

export const IdParamsSchema = z.object({ id: IdSchema })

/** Whether YYYY-MM-DD names a day of the calendar (not 2024-02-30) that the database can store (year 1 on). */
function isRealDate(value: string) {
  const [year = 0, month = 0, day = 0] = value.split('-').map(Number)
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  )
}

/** Whether a form's value is an empty field (nothing but spaces): a value not given. */
export const isBlankText = (value: unknown) => typeof value === 'string' && value.trim() === ''

/** Today's date in London (YYYY-MM-DD), where the IPO's days begin and end, wherever the code runs. */
export const londonToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now)

/** The one date rule of every form and filter: calendar dates travel as YYYY-MM-DD, with no time or zone. */
export const IsoDateSchema = z
  .string(messages.realDate)
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.realDate)
  .refine(isRealDate, messages.realDate)

/** Day, month and a four-digit year, split by one kind of separator: 2/3/2026, 02.03.2026, 02-03-2026. */
const ukDatePattern = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/

/** A date typed in the UK order (day first) as YYYY-MM-DD; undefined when it names no real day. */
export function parseUkDate(text: string): string | undefined {
  const [, day = '', , month = '', year = ''] = ukDatePattern.exec(text.trim()) ?? []
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
  return year && isRealDate(iso) ? iso : undefined
}

/** YYYY-MM-DD written out, '19 July 2016' (the day in UTC, so no time zone moves it to the day before);
 * anything else is returned as it is. */
export function formatLongDate(iso: string) {
  const date = new Date(iso)
  return /^\d{4}-\d{2}-\d{2}/.test(iso) && !Number.isNaN(date.getTime()) ? formatLongDay(date, 'utc') : iso
}

/** YYYY-MM-DD as the UK reads it, 02/03/2026; anything else is returned as it is. */
export function formatUkDate(iso: string) {
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) ?? []
  return year ? `${day}/${month}/${year}` : iso
}

/**
 * The date fields of a form: typed as dd/mm/yyyy, checked by the same rule, sent on as YYYY-MM-DD.
 * A date that cannot be read stops the checks that compare dates, so they never see the raw text.
 */
export const UkDateTextSchema = z.string(messages.ukDate).transform((text, ctx) => {
  const iso = parseUkDate(text)
  if (iso) return iso
  ctx.addIssue({ code: 'custom', message: messages.ukDate, continue: false })
  return z.NEVER
})

export const OkSchema = z.object({ ok: z.literal(true) })

/** A success that carries a sentence for the user. */
export const OkMessageSchema = z.object({ ok: z.literal(true), message: z.string() })
export type OkMessage = z.infer<typeof OkMessageSchema>

/** `1 session`, `3 sessions`, `1,200 patents`: a count with its noun, agreed. */
export const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`
