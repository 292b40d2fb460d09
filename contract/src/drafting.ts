import { z } from 'zod'
import { applicationMessages } from './applications'
import { limits } from './limits'

/**
 * POST /api/drafting/checks: the text as the applicant is writing it. Only the upper bounds apply,
 * with the application's own messages, since a half-written draft is exactly what is being checked.
 */
export const DraftingCheckBodySchema = z.strictObject({
  title: z.string('Title must be text.').max(limits.title.max, applicationMessages.titleMax).default(''),
  abstract: z
    .string('Abstract must be text.')
    .max(limits.abstract.max, applicationMessages.abstractMax)
    .default(''),
  description: z
    .string('Description must be text.')
    .max(limits.description.max, applicationMessages.descriptionMax)
    .default(''),
  claims: z
    .array(
      z.string('Each claim must be text.').max(limits.claim.max, applicationMessages.claimMax),
      'Claims must be a list of texts.',
    )
    .max(limits.claims.max, applicationMessages.claimsMax)
    .default([]),
})
export type DraftingCheckBody = z.input<typeof DraftingCheckBodySchema>
export type DraftText = z.output<typeof DraftingCheckBodySchema>

export const draftingCodes = [
  'claim-numbering',
  'claim-dependency',
  'antecedent-basis',
  'vague-term',
  'reference-to-description',
  'unity',
  'abstract-length',
  'abstract-subject',
  'abstract-merit',
  'description-support',
  'title-length',
  'title-puffery',
  'title-trade-mark',
] as const
export type DraftingCode = (typeof draftingCodes)[number]

export const draftingFields = ['title', 'abstract', 'description', 'claims'] as const
export type DraftingField = (typeof draftingFields)[number]

export const DraftingIssueSchema = z.object({
  /** Stable while the problem stays: code, place and the words concerned. */
  id: z.string(),
  code: z.enum(draftingCodes),
  severity: z.enum(['error', 'warning', 'hint']),
  field: z.enum(draftingFields),
  /** The claim's number (1-based) when `field` is 'claims'. */
  claim: z.number().int().nullable(),
  message: z.string(),
  /** The words concerned, as written. */
  excerpt: z.string().nullable(),
  /** Offsets of `excerpt` in the field's text (in the claim's text for claims), to select it. */
  start: z.number().int().nullable(),
  end: z.number().int().nullable(),
  /** Where the requirement comes from, e.g. "Patents Rules 2007 r.12(6)". */
  rule: z.string().nullable(),
})
export type DraftingIssue = z.infer<typeof DraftingIssueSchema>

export const DraftingCheckResultSchema = z.object({ issues: z.array(DraftingIssueSchema) })
export type DraftingCheckResult = z.infer<typeof DraftingCheckResultSchema>
