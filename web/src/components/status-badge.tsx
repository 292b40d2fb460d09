import { type ApplicationStatus, statusLabels } from '@patentdesk/contract/application-statuses'
import { cn } from '@/lib/utils'

type BadgeVariant = 'table' | 'detail'

const baseClass =
  'inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold'

/** Tables colour by progress (docs/product.md, Applications): blue submitted, yellow under review, green
 * approved, red rejected. */
const tableClasses: Partial<Record<ApplicationStatus, string>> = {
  submitted: 'border-transparent bg-blue-100 text-blue-800',
  under_review: 'border-transparent bg-yellow-100 text-yellow-800',
  approved: 'border-transparent bg-green-100 text-green-800',
  rejected: 'border-transparent bg-red-100 text-red-800',
}
const tableFallbackClass = 'border-transparent bg-slate-100 text-slate-700'

const detailClasses: Partial<Record<ApplicationStatus, string>> = {
  approved: 'border-transparent bg-success text-success-foreground',
  rejected: 'border-transparent bg-destructive text-destructive-foreground',
  revision_required: 'border-transparent bg-warning text-warning-foreground',
  under_review: 'border-transparent bg-secondary text-secondary-foreground',
}
const detailFallbackClass = 'border-border text-foreground'

type StatusBadgeProps = {
  status: ApplicationStatus
  variant: BadgeVariant
  /** An administrator's table keeps the label 'Revision Required'; only the applicant is asked to act. */
  forAdmin?: boolean
  className?: string
}

export function StatusBadge({ status, variant, forAdmin = false, className }: StatusBadgeProps) {
  const colour =
    variant === 'table'
      ? (tableClasses[status] ?? tableFallbackClass)
      : (detailClasses[status] ?? detailFallbackClass)
  return (
    <span data-status={status} className={cn(baseClass, colour, className)}>
      {variant === 'table' && !forAdmin && status === 'revision_required'
        ? 'Action Required'
        : statusLabels[status]}
    </span>
  )
}
