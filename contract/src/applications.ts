import { z } from 'zod'

/** Application status values (spec §4), in the order a dropdown lists them. */
export const applicationStatuses = [
  'draft',
  'submitted',
  'under_review',
  'revision_required',
  'approved',
  'rejected',
] as const
export const ApplicationStatusSchema = z.enum(applicationStatuses)
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>

export const statusLabels: Record<ApplicationStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  under_review: 'Under Review',
  revision_required: 'Revision Required',
  approved: 'Approved',
  rejected: 'Rejected',
}
