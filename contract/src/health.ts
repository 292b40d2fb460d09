import { z } from 'zod'

export const DatabaseDriverSchema = z.enum(['pglite', 'postgres'])
export type DatabaseDriver = z.infer<typeof DatabaseDriverSchema>

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ driver: DatabaseDriverSchema, ok: z.boolean() }),
})
export type Health = z.infer<typeof HealthSchema>
