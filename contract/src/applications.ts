import { z } from 'zod'
import { AnalysisResultSchema, SearchReportSchema } from './analysis'
import { applicationStatuses } from './application-statuses'
import { maxId } from './common'
import { formatCount } from './format'
import { limits } from './limits'

export const ApplicationStatusSchema = z.enum(applicationStatuses, 'Choose a valid status.')

export const applicationMessages = {
  titleMin: 'Title must be at least 5 characters.',
  titleMax: 'Title must not exceed 300 characters.',
  abstractMin: 'Abstract must be at least 50 characters.',
  abstractMax: 'Abstract must not exceed 2000 characters.',
  descriptionMin: 'Description must be at least 100 characters.',
  descriptionMax: 'Description must not exceed 50,000 characters.',
  claimsMin: 'At least one claim is required.',
  claimsMax: `An application may have at most ${limits.claims.max} claims.`,
  claimMin: 'Each claim must be at least 10 characters.',
  claimMax: `Each claim must not exceed ${formatCount(limits.claim.max)} characters.`,
  notFound: "Patent application not found or you don't have permission to view it.",
  ownerOnly: 'Only the applicant can change this application.',
  cannotEdit: 'Your role on this application lets you read it, not change it.',
  staleSave:
    'Someone else saved this application after you opened it. Compare the two versions and choose what to keep.',
  versionRequired: 'version must be the number of the version the change was made from.',
  versionNotFound: 'That version of the application does not exist.',
  notEditable:
    'This application can no longer be changed: only drafts and applications that need revision can be edited or submitted.',
  feedbackEmpty: 'Feedback cannot be empty.',
  feedbackMax: `Feedback must not exceed ${formatCount(limits.feedback.max)} characters.`,
} as const

const title = z
  .string()
  .trim()
  .min(limits.title.min, applicationMessages.titleMin)
  .max(limits.title.max, applicationMessages.titleMax)
const abstract = z
  .string()
  .trim()
  .min(limits.abstract.min, applicationMessages.abstractMin)
  .max(limits.abstract.max, applicationMessages.abstractMax)
const description = z
  .string()
  .trim()
  .min(limits.description.min, applicationMessages.descriptionMin)
  .max(limits.description.max, applicationMessages.descriptionMax)
const claim = z
  .string()
  .trim()
  .min(limits.claim.min, applicationMessages.claimMin)
  .max(limits.claim.max, applicationMessages.claimMax)
const claims = z
  .array(claim, applicationMessages.claimsMin)
  .min(limits.claims.min, applicationMessages.claimsMin)
  .max(limits.claims.max, applicationMessages.claimsMax)

/** The content an applicant writes; the same rules for create and edit, on client and server. */
export const ApplicationContentSchema = z.strictObject({ title, abstract, description, claims })
export type ApplicationContent = z.infer<typeof ApplicationContentSchema>

/** The number of a version of the application, as a save or a restore names the one it was made from. */
export const VersionNumberSchema = z
  .number(applicationMessages.versionRequired)
  .int(applicationMessages.versionRequired)
  .min(1, applicationMessages.versionRequired)
  .max(maxId, applicationMessages.versionRequired)

/**
 * PUT /api/patents/:id: the text and the `version` it was made from; a save made from an older version than
 * the application's is refused (409, the current application in the error's `current`).
 */
export const UpdateApplicationBodySchema = ApplicationContentSchema.extend({ version: VersionNumberSchema })
export type UpdateApplicationBody = z.infer<typeof UpdateApplicationBodySchema>

/** POST /api/patents: the client sends `status: 'draft'` (docs/product.md, Calls and answers); nothing else
 * is accepted. */
export const CreateApplicationBodySchema = ApplicationContentSchema.extend({
  status: z.literal('draft', 'A new application is always created as a draft.').optional(),
})
export type CreateApplicationBody = z.infer<typeof CreateApplicationBodySchema>

/** The form steps of New Patent Application, each validated by Next (docs/product.md, Applications). */
export const applicationFormSteps = [
  { id: 'basic', label: 'Basic Information', fields: ['title', 'abstract'] },
  { id: 'description', label: 'Description', fields: ['description'] },
  { id: 'claims', label: 'Claims & Documents', fields: ['claims'] },
] as const

export const ApplicationSummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  title: z.string(),
  status: ApplicationStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
})
export type ApplicationSummary = z.infer<typeof ApplicationSummarySchema>
export const ApplicationSummaryListSchema = z.array(ApplicationSummarySchema)

/**
 * What the viewer may do with an application: its owner everything; a collaborator by the role the owner gave
 * (docs/product.md, Working together); an administrator reads every application and reviews it.
 */
export const accessLevels = ['viewer', 'commenter', 'editor', 'owner', 'admin'] as const
export type AccessLevel = (typeof accessLevels)[number]
export const canComment = (access: AccessLevel) => access !== 'viewer'
export const canEdit = (access: AccessLevel) => access === 'editor' || access === 'owner'

export const ApplicationSchema = ApplicationSummarySchema.extend({
  userId: z.number().int(),
  /** The viewer's access to it. */
  access: z.enum(accessLevels),
  abstract: z.string(),
  description: z.string(),
  claims: z.array(z.string()),
  /** The number of its newest version: every save and restore adds one. */
  version: z.number().int(),
})
export type Application = z.infer<typeof ApplicationSchema>

/** The admin list: every application with its owner's full name (null shows as 'Unknown'). */
export const AdminApplicationSchema = ApplicationSummarySchema.extend({
  userId: z.number().int(),
  applicantName: z.string().nullable(),
})
export type AdminApplication = z.infer<typeof AdminApplicationSchema>
export const AdminApplicationListSchema = z.array(AdminApplicationSchema)

export const StatusBodySchema = z.strictObject({ status: ApplicationStatusSchema })
export type StatusBody = z.infer<typeof StatusBodySchema>

/** One recorded status change: who, when, from and to (`from` is null for the creation). */
export const StatusChangeSchema = z.object({
  id: z.number().int(),
  fromStatus: ApplicationStatusSchema.nullable(),
  toStatus: ApplicationStatusSchema,
  changedBy: z.object({ id: z.number().int(), fullName: z.string(), isAdmin: z.boolean() }).nullable(),
  changedAt: z.string(),
})
export type StatusChange = z.infer<typeof StatusChangeSchema>
export const StatusHistorySchema = z.array(StatusChangeSchema)

export const FeedbackSchema = z.object({
  id: z.number().int(),
  source: z.string(),
  content: z.string(),
  createdAt: z.string(),
})
export type Feedback = z.infer<typeof FeedbackSchema>
export const FeedbackListSchema = z.array(FeedbackSchema)

export const FeedbackBodySchema = z.strictObject({
  content: z
    .string()
    .trim()
    .min(1, applicationMessages.feedbackEmpty)
    .max(limits.feedback.max, applicationMessages.feedbackMax),
})
export type FeedbackBody = z.infer<typeof FeedbackBodySchema>

/**
 * A stored analysis of an application, as the admin Analysis tab shows it (docs/product.md, Administration).
 */
export const ApplicationAnalysisSchema = z.object({
  analysis: z.string(),
  similarityScore: z.number(),
  similarPatents: z.array(
    z.object({
      reference: z.string(),
      title: z.string(),
      applicant: z.string().nullable(),
      filingDate: z.string().nullable(),
      similarityScore: z.number(),
    }),
  ),
  engine: z.string(),
  createdAt: z.string(),
  /** The whole engine output (novelty, key terms, risks…) for analyses generated by this version. */
  result: AnalysisResultSchema.optional(),
})
export type ApplicationAnalysis = z.infer<typeof ApplicationAnalysisSchema>

/** The search report of an application's stored analysis, which its owner reads too; when it was made. */
export const ApplicationSearchReportSchema = z.object({
  searchReport: SearchReportSchema,
  createdAt: z.string(),
})
export type ApplicationSearchReport = z.infer<typeof ApplicationSearchReportSchema>
