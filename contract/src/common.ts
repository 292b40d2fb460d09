import { z } from 'zod'

export const IdParamsSchema = z.object({
  id: z.coerce.number().int('id must be a whole number').positive('id must be a positive number'),
})

export const OkSchema = z.object({ ok: z.literal(true) })

/** A success that carries a sentence for the user. */
export const OkMessageSchema = z.object({ ok: z.literal(true), message: z.string() })
export type OkMessage = z.infer<typeof OkMessageSchema>
