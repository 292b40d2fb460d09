import { z } from 'zod'

export const NotificationSchema = z.object({
  id: z.number().int(),
  patentId: z.number().int().nullable(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof NotificationSchema>
export const NotificationListSchema = z.array(NotificationSchema)
