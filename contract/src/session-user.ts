import { z } from 'zod'

/** The stored session user: the login and register answer (docs/product.md, Account and settings). */
export const SessionUserSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  email: z.string(),
  fullName: z.string(),
  organization: z.string().nullable(),
})
export type SessionUser = z.infer<typeof SessionUserSchema>
