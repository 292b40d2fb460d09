import { z } from 'zod'

export const NotificationSchema = z.object({
  id: z.number().int(),
  patentId: z.number().int().nullable(),
  title: z.string(),
  message: z.string(),
  /** Where it leads in the app (a saved search's new patents, a watched patent); null for none. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
})
export type Notification = z.infer<typeof NotificationSchema>
export const NotificationListSchema = z.array(NotificationSchema)
