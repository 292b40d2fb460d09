import { AuditQuerySchema, daysInOrder, daysInOrderIssue } from '@patentdesk/contract/activity'
import { UkDateTextSchema } from '@patentdesk/contract/common'
import { z } from 'zod'

const { shape } = AuditQuerySchema

/** A select's value for no filter: Radix's select takes no empty value. */
export const anyValue = 'any'

/** "Any" is no filter; anything else must pass the contract's rule for it. */
const choice = <T extends z.ZodType>(rule: T) =>
  z.union([z.literal(anyValue).transform(() => undefined), rule])

/** A blank date is no filter; a date is typed as dd/mm/yyyy and sent as YYYY-MM-DD, by the contract's rule. */
const optionalDate = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(UkDateTextSchema.pipe(shape.from.unwrap()).optional())

/** The audit log's filter form: what it sends is the contract's AuditQuery without its page. */
export const AuditFiltersFormSchema = z
  .object({
    action: choice(shape.action.unwrap()),
    adminId: choice(shape.adminId.unwrap()),
    from: optionalDate,
    to: optionalDate,
  })
  .refine(daysInOrder, daysInOrderIssue())
export type AuditFiltersFormValues = z.input<typeof AuditFiltersFormSchema>
export type AuditFiltersFormOutput = z.output<typeof AuditFiltersFormSchema>

export const blankAuditFilters: AuditFiltersFormValues = {
  action: anyValue,
  adminId: anyValue,
  from: '',
  to: '',
}
