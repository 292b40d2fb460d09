/*
 * An application's statuses, their labels and filters: plain data, apart from the schemas built from them in
 * applications.ts, so that a screen showing a status builds none of those (docs/decisions/0040).
 */

/** Application status values (docs/product.md, Applications), in the order a dropdown lists them. */
export const applicationStatuses = [
  'draft',
  'submitted',
  'under_review',
  'revision_required',
  'approved',
  'rejected',
] as const
export type ApplicationStatus = (typeof applicationStatuses)[number]

export const statusLabels: Record<ApplicationStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  under_review: 'Under Review',
  revision_required: 'Revision Required',
  approved: 'Approved',
  rejected: 'Rejected',
}

/** The owner may change the content only in these states; submitting moves them to `submitted`. */
export const editableStatuses: readonly ApplicationStatus[] = ['draft', 'revision_required']
export const isEditable = (status: ApplicationStatus) => editableStatuses.includes(status)

/** The My Patents tabs and `?status=` filters (docs/product.md, Applications). */
export const statusFilters = {
  active: (s: ApplicationStatus) => s !== 'approved' && s !== 'rejected',
  pending: (s: ApplicationStatus) => s === 'submitted' || s === 'under_review',
  approved: (s: ApplicationStatus) => s === 'approved',
  rejected: (s: ApplicationStatus) => s === 'rejected',
} as const
export type StatusFilter = keyof typeof statusFilters
