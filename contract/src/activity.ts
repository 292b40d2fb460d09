import { z } from 'zod'
import { IsoDateSchema, maxId } from './common'

/** What the activity list of an application records (docs/product.md, Working together). */
export const activityKinds = [
  'created',
  'invited',
  'role_changed',
  'removed',
  'joined',
  'edited',
  'restored',
  'commented',
  'resolved',
  'reopened',
  'status_changed',
  'feedback',
  'document_added',
  'document_removed',
  'submitted',
  'dates_changed',
  'analysis_generated',
] as const
export type ActivityKind = (typeof activityKinds)[number]

export const activityLabels: Record<ActivityKind, string> = {
  created: 'Created',
  invited: 'Invited',
  role_changed: 'Role changed',
  removed: 'Removed',
  joined: 'Joined',
  edited: 'Edited',
  restored: 'Restored a version',
  commented: 'Commented',
  resolved: 'Resolved a thread',
  reopened: 'Reopened a thread',
  status_changed: 'Status changed',
  feedback: 'Feedback',
  document_added: 'Document added',
  document_removed: 'Document removed',
  submitted: 'Submitted',
  dates_changed: 'Dates changed',
  analysis_generated: 'Analysis generated',
}

/** Who did it: `id` null once their account is deleted (the name stays); the whole null for the command line. */
const PersonSchema = z.object({ id: z.number().int().nullable(), fullName: z.string() }).nullable()

/** One entry: who did what, when; `detail` says it in a sentence. */
export const ActivityEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(activityKinds),
  actor: PersonSchema,
  detail: z.string(),
  createdAt: z.string(),
})
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>

/** A page, newest first; `nextBefore` asks for the page after it. */
export const ActivityPageSchema = z.object({
  entries: z.array(ActivityEntrySchema),
  nextBefore: z.number().int().nullable(),
})
export type ActivityPage = z.infer<typeof ActivityPageSchema>

const before = z.coerce
  .number('before must be a whole number')
  .int('before must be a whole number')
  .min(1)
  .max(maxId)
  .optional()

export const ActivityQuerySchema = z.strictObject({ before })

/**
 * What administrators did, as the audit log lists it: their changes to applications, and the command line's
 * changes to accounts (an administrator at the server's machine).
 */
export const auditActions = [
  'status_changed',
  'feedback',
  'analysis_generated',
  'dates_changed',
  'user_created',
  'user_promoted',
  'password_set',
  'two_factor_reset',
] as const
export type AuditAction = (typeof auditActions)[number]

export const auditLabels: Record<AuditAction, string> = {
  status_changed: 'Status changed',
  feedback: 'Feedback sent',
  analysis_generated: 'Analysis generated',
  dates_changed: 'Dates changed',
  user_created: 'User created',
  user_promoted: 'User made administrator',
  password_set: 'Password set',
  two_factor_reset: 'Two-factor sign-in reset',
}

/** An entry of the audit log: `actor` is null for the command line; `subject` names the application or user. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(auditActions),
  actor: PersonSchema,
  subject: z.string(),
  applicationId: z.number().int().nullable(),
  detail: z.string(),
  createdAt: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextBefore: z.number().int().nullable(),
})
export type AuditPage = z.infer<typeof AuditPageSchema>

/** A range of days whose first is not after its last: the rule of the audit log's filter, form and API. */
export const daysInOrder = (range: { from?: string | undefined; to?: string | undefined }) =>
  !range.from || !range.to || range.from <= range.to
export const daysInOrderMessage = 'The first day must not be after the last.'
/** The issue a range out of order raises, on its last day (a new object each time: zod keeps what it is given). */
export const daysInOrderIssue = () => ({ message: daysInOrderMessage, path: ['to'] })

/** GET /api/admin/audit and /api/admin/audit.csv: by action, administrator and days (UTC dates, inclusive). */
export const AuditQuerySchema = z
  .strictObject({
    action: z.enum(auditActions, 'Choose a valid action.').optional(),
    adminId: z.coerce
      .number('adminId must be a whole number')
      .int('adminId must be a whole number')
      .min(1)
      .max(maxId)
      .optional(),
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    before,
  })
  .refine(daysInOrder, daysInOrderIssue())
export type AuditQuery = z.infer<typeof AuditQuerySchema>
