import { z } from 'zod'
import { DatabaseDriverSchema } from './health'

/** The six external data sources (docs/product.md, Account and settings) and the environment variable holding
 * each key. */
export const dataSourceIds = ['ukipo', 'bl', 'cipa', 'ukcaselaw', 'epo', 'wipo'] as const
export const DataSourceIdSchema = z.enum(dataSourceIds)
export type DataSourceId = z.infer<typeof DataSourceIdSchema>

export const dataSourceNames: Record<DataSourceId, string> = {
  ukipo: 'UK Intellectual Property Office',
  bl: 'British Library Business & IP Centre',
  cipa: 'Chartered Institute of Patent Attorneys',
  ukcaselaw: 'Find Case Law (The National Archives)',
  epo: 'EPO Open Patent Services',
  wipo: 'WIPO PATENTSCOPE',
}

export const apiKeyNames = [
  'UK_IPO_API',
  'BL_API',
  'CIPA_API',
  'UK_CASE_LAW_API',
  'EPO_OPS_API',
  'WIPO_API',
] as const
export type ApiKeyName = (typeof apiKeyNames)[number]

export const apiKeyBySource: Record<DataSourceId, ApiKeyName> = {
  ukipo: 'UK_IPO_API',
  bl: 'BL_API',
  cipa: 'CIPA_API',
  ukcaselaw: 'UK_CASE_LAW_API',
  epo: 'EPO_OPS_API',
  wipo: 'WIPO_API',
}

export const ApiKeyStatusSchema = z.object({
  success: z.literal(true),
  data: z.object({ apiKeys: z.record(z.enum(apiKeyNames), z.boolean()) }),
  configuredApiCount: z.number().int(),
  totalApiCount: z.number().int(),
})
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>

export const DataSourceDetailSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: DataSourceIdSchema,
    name: z.string(),
    description: z.string(),
    url: z.string(),
    apiUrl: z.string(),
    keyRequired: z.boolean(),
    keyConfigured: z.boolean(),
    dataRetrieved: z.array(z.string()),
  }),
})
export type DataSourceDetail = z.infer<typeof DataSourceDetailSchema>

export const DataSourceParamsSchema = z.object({ source: z.string().max(50) })

export const ActiveSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  current: z.boolean(),
})
export type ActiveSession = z.infer<typeof ActiveSessionSchema>
export const ActiveSessionListSchema = z.array(ActiveSessionSchema)

export const DatabaseStatusSchema = z.object({
  driver: DatabaseDriverSchema,
  ok: z.boolean(),
  tables: z.array(z.object({ name: z.string(), rows: z.number().int() })),
})
export type DatabaseStatus = z.infer<typeof DatabaseStatusSchema>
