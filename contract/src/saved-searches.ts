import { z } from 'zod'
import { PatentExportQuerySchema, ReferenceParamsSchema } from './patents'

/** How a saved search's owner is told of new patents: not at all, at once, or in a daily or weekly digest. */
export const alertSettings = ['off', 'instant', 'daily', 'weekly'] as const
export type AlertSetting = (typeof alertSettings)[number]

export const savedSearchLimits = {
  name: { max: 100 },
  /** Saved searches per user. */
  searches: 100,
  /** Watched patents per user. */
  watches: 500,
  /** The new patents a saved search lists, newest first. */
  newListed: 100,
} as const

export const savedSearchMessages = {
  nameRequired: 'Enter a name for the search.',
  nameMax: `The name must not exceed ${savedSearchLimits.name.max} characters.`,
  tooMany: `You can save at most ${savedSearchLimits.searches} searches. Delete one to save another.`,
  notFound: 'Saved search not found.',
  tooManyWatches: `You can watch at most ${savedSearchLimits.watches} patents. Stop watching one to watch another.`,
  watchNotFound: 'Watch not found.',
  alreadyWatched: 'You already watch this patent.',
} as const

const NameSchema = z
  .string(savedSearchMessages.nameRequired)
  .trim()
  .min(1, savedSearchMessages.nameRequired)
  .max(savedSearchLimits.name.max, savedSearchMessages.nameMax)

/** What a saved search keeps: the search without its page, by the search's own rules (patents.ts). */
export const SavedQuerySchema = PatentExportQuerySchema
export type SavedQuery = z.infer<typeof SavedQuerySchema>

/** POST /api/saved-searches. */
export const SavedSearchBodySchema = z.strictObject({
  name: NameSchema,
  query: SavedQuerySchema,
  alert: z.enum(alertSettings, `alert must be one of ${alertSettings.join(', ')}`).default('weekly'),
})
export type SavedSearchBody = z.infer<typeof SavedSearchBodySchema>

/** PATCH /api/saved-searches/:id: any of the three. */
export const SavedSearchPatchSchema = SavedSearchBodySchema.partial()
export type SavedSearchPatch = z.infer<typeof SavedSearchPatchSchema>

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  query: SavedQuerySchema,
  alert: z.enum(alertSettings),
  /** Patents found for it by imports since its owner last opened it. */
  newCount: z.number().int(),
  createdAt: z.string(),
  lastOpenedAt: z.string().nullable(),
})
export type SavedSearch = z.infer<typeof SavedSearchSchema>
export const SavedSearchListSchema = z.array(SavedSearchSchema)

export const NewPatentSchema = z.object({
  reference: z.string(),
  title: z.string(),
  filingDate: z.string().nullable(),
  applicants: z.array(z.string()),
  /** When the import that brought it in was matched against the search. */
  foundAt: z.string(),
})
export type NewPatent = z.infer<typeof NewPatentSchema>

/** GET /api/saved-searches/:id/new: the patents new since the owner last opened the search (it opens it). */
export const NewPatentsSchema = z.object({ patents: z.array(NewPatentSchema) })
export type NewPatents = z.infer<typeof NewPatentsSchema>

/** POST /api/watches. */
export const WatchBodySchema = z.strictObject({ reference: ReferenceParamsSchema.shape.reference })

export const WatchSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  title: z.string(),
  createdAt: z.string(),
})
export type Watch = z.infer<typeof WatchSchema>
export const WatchListSchema = z.array(WatchSchema)

/** POST /api/public/saved-searches/unsubscribe: the token of a mail's unsubscribe link. */
export const UnsubscribeBodySchema = z.strictObject({ token: z.string().trim().min(1).max(100) })
