import { z } from 'zod'

export const AdminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  organization: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
})
export type AdminUser = z.infer<typeof AdminUserSchema>
export const AdminUserListSchema = z.array(AdminUserSchema)
