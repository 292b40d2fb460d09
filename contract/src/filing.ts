import { z } from 'zod'
import { addPeriod } from './calendar-dates'
import { IdParamsSchema, IsoDateSchema, isBlankText, UkDateTextSchema } from './common'
import { messages } from './errors'
import { type DeadlineKey, deadlineKeys, periods } from './uk-rules'

export const filingMessages = {
  date: messages.realDate,
  applicationNumber: 'A UK application number looks like GB2301234.5.',
  publicationNumber: "An 'A' publication number looks like GB2612345 A.",
  priorityCountry: 'Enter the two-letter country or office code of the earlier application, e.g. US or EP.',
  priorityNumber: 'The earlier application number must not exceed 40 characters.',
  priorityIncomplete: 'A priority claim needs the date, the earlier application number and its country.',
  priorityAfterFiling: 'The priority date must be before the UK filing date.',
  priorityTooOld:
    'Priority can only be claimed from an application filed at most 14 months before the UK filing date (s.5(2B) Patents Act 1977).',
  needsFiling: 'Enter the UK filing date first.',
  beforeFiling: 'This date cannot be before the UK filing date.',
  grantBeforePublication: "The grant date cannot be before the 'A' publication date.",
  deadlineUnknown: 'This deadline does not apply to the application.',
  deadlineSettledByDate: 'This deadline is settled by a recorded date, not ticked off by hand.',
} as const

/** An empty field of a form means "not known yet". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlankText(value) ? null : value), schema.nullable())

/** The fields of the UK dates, with the rule their dates are read by. */
const ukDatesShape = (date: z.ZodType<string, string>) => ({
  priorityDate: optional(date),
  priorityApplicationNumber: optional(z.string().trim().max(40, filingMessages.priorityNumber)),
  priorityCountry: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, filingMessages.priorityCountry),
  ),
  filingDate: optional(date),
  applicationNumber: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^GB\d{7}\.\d$/, filingMessages.applicationNumber),
  ),
  publicationDate: optional(date),
  publicationNumber: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^GB\d{7} ?A$/, filingMessages.publicationNumber)
      .transform((value) => value.replace(/ ?A$/, ' A')),
  ),
  firstExaminationReportDate: optional(date),
  grantDate: optional(date),
})

type UkDatesValues = z.output<z.ZodObject<ReturnType<typeof ukDatesShape>>>

/** The rules between the dates: the same for the form and the server. */
function checkUkDates(dates: UkDatesValues, ctx: z.RefinementCtx) {
  const issue = (path: keyof typeof dates, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message })
  const priority = [dates.priorityDate, dates.priorityApplicationNumber, dates.priorityCountry]
  if (priority.some(Boolean) && !priority.every(Boolean)) {
    if (!dates.priorityDate) issue('priorityDate', filingMessages.priorityIncomplete)
    if (!dates.priorityApplicationNumber)
      issue('priorityApplicationNumber', filingMessages.priorityIncomplete)
    if (!dates.priorityCountry) issue('priorityCountry', filingMessages.priorityIncomplete)
  }
  const filing = dates.filingDate
  if (filing && dates.priorityDate) {
    if (dates.priorityDate >= filing) issue('priorityDate', filingMessages.priorityAfterFiling)
    else if (addPeriod(dates.priorityDate, periods.latePriority) < filing)
      issue('priorityDate', filingMessages.priorityTooOld)
  }
  for (const key of ['publicationDate', 'firstExaminationReportDate', 'grantDate'] as const) {
    const value = dates[key]
    if (!value) continue
    if (!filing) issue(key, filingMessages.needsFiling)
    else if (value < filing) issue(key, filingMessages.beforeFiling)
  }
  if (dates.grantDate && dates.publicationDate && dates.grantDate < dates.publicationDate)
    issue('grantDate', filingMessages.grantBeforePublication)
}

/** The UK dates and numbers of an application, recorded as they become known. */
export const UkDatesSchema = z.strictObject(ukDatesShape(IsoDateSchema)).superRefine(checkUkDates)
export type UkDatesInput = z.input<typeof UkDatesSchema>
export type UkDates = z.output<typeof UkDatesSchema>

/** The form's reading of the same fields: its dates are typed as dd/mm/yyyy and sent as YYYY-MM-DD. */
export const UkDatesFormSchema = z.strictObject(ukDatesShape(UkDateTextSchema)).superRefine(checkUkDates)
export type UkDatesFormInput = z.input<typeof UkDatesFormSchema>

export const DeadlineKeySchema = z.enum(deadlineKeys)

export const deadlineStatuses = ['open', 'overdue', 'done'] as const
export const DeadlineSchema = z.object({
  /** Unique within the application: the rule's key, and the patent year for renewals ("renewal-5"). */
  id: z.string(),
  key: DeadlineKeySchema,
  title: z.string(),
  action: z.string(),
  dueDate: z.string(),
  /** Days from today (London) to the due date; negative once it has passed. */
  daysLeft: z.number().int(),
  rule: z.string(),
  /** How the date was worked out, from which recorded date. */
  basis: z.string(),
  extendable: z.boolean(),
  extension: z.string(),
  ipoReminder: z.boolean(),
  /** An office event (publication) rather than something the applicant does. */
  event: z.boolean(),
  /** True when the date rests on an expected date (publication not yet recorded). */
  estimated: z.boolean(),
  /** When the date falls on a weekend the period runs to the next working day (r.110); said here. */
  note: z.string().nullable(),
  status: z.enum(deadlineStatuses),
  /** Whether the owner ticks it off (true) or a recorded date settles it (false). */
  manual: z.boolean(),
  completedAt: z.string().nullable(),
})
export type Deadline = z.infer<typeof DeadlineSchema>

export const FilingChangeSchema = z.object({
  id: z.number().int(),
  /** A field of UkDates, or `deadline:<id>` for a deadline ticked off or reopened. */
  field: z.string(),
  label: z.string(),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  changedBy: z.object({ id: z.number().int(), fullName: z.string(), isAdmin: z.boolean() }).nullable(),
  changedAt: z.string(),
})
export type FilingChange = z.infer<typeof FilingChangeSchema>

/** GET/PUT /api/patents/:id/filing: the recorded dates, the deadlines computed from them, and their history. */
export const FilingSchema = z.object({
  dates: z.object({
    priorityDate: z.string().nullable(),
    priorityApplicationNumber: z.string().nullable(),
    priorityCountry: z.string().nullable(),
    filingDate: z.string().nullable(),
    applicationNumber: z.string().nullable(),
    publicationDate: z.string().nullable(),
    publicationNumber: z.string().nullable(),
    firstExaminationReportDate: z.string().nullable(),
    grantDate: z.string().nullable(),
  }),
  today: z.string(),
  deadlines: z.array(DeadlineSchema),
  history: z.array(FilingChangeSchema),
})
export type Filing = z.infer<typeof FilingSchema>

/** An application with no UK date recorded yet. */
export const noUkDates: Filing['dates'] = {
  priorityDate: null,
  priorityApplicationNumber: null,
  priorityCountry: null,
  filingDate: null,
  applicationNumber: null,
  publicationDate: null,
  publicationNumber: null,
  firstExaminationReportDate: null,
  grantDate: null,
}

export const DeadlineParamsSchema = IdParamsSchema.extend({
  deadlineId: z.string().regex(/^[a-z-]+(-\d{1,2})?$/, filingMessages.deadlineUnknown),
})
export const DeadlineDoneBodySchema = z.strictObject({ done: z.boolean('done must be true or false') })

/** The dashboard's next deadlines across the user's applications. */
export const UpcomingDeadlineSchema = z.object({
  applicationId: z.number().int(),
  reference: z.string(),
  title: z.string(),
  deadline: DeadlineSchema,
})
export type UpcomingDeadline = z.infer<typeof UpcomingDeadlineSchema>
export const UpcomingDeadlineListSchema = z.array(UpcomingDeadlineSchema)

/** Deadline ids name the rule, with the patent year for renewals. */
export const deadlineId = (key: DeadlineKey, year?: number) => (year ? `${key}-${year}` : key)
