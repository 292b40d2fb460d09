import { z } from 'zod'
import { VersionNumberSchema } from './applications'
import { IdParamsSchema, IdSchema } from './common'

/** The parts of an application's text a version may change, in the order the form shows them. */
export const versionedParts = ['title', 'abstract', 'description', 'claims'] as const
export type VersionedPart = (typeof versionedParts)[number]

const AuthorSchema = z.object({ id: z.number().int(), fullName: z.string() }).nullable()

/** GET /api/patents/:id/versions, newest first: who saved each, when, and which parts it changed. */
export const VersionSummarySchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  /** Null once the author's account is deleted. */
  author: AuthorSchema,
  /** The parts that differ from the version before (every part for the first). */
  changed: z.array(z.enum(versionedParts)),
  /** The version a restore brought back. */
  restoredFrom: z.number().int().nullable(),
})
export type VersionSummary = z.infer<typeof VersionSummarySchema>
export const VersionListSchema = z.array(VersionSummarySchema)

/** GET /api/patents/:id/versions/:number: the application's text as that version saved it. */
export const VersionSchema = VersionSummarySchema.extend({
  title: z.string(),
  abstract: z.string(),
  description: z.string(),
  claims: z.array(z.string()),
})
export type Version = z.infer<typeof VersionSchema>

export const VersionParamsSchema = IdParamsSchema.extend({ number: IdSchema })

/** POST /api/patents/:id/versions/:number/restore: `version`, the one the restore was asked from. */
export const RestoreBodySchema = z.strictObject({ version: VersionNumberSchema })
