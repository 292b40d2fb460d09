import type { Notification } from '@patentdesk/contract/notifications'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { useSessionUser } from '@/lib/session'

export const notificationsQueryOptions = queryOptions<Notification[]>({ queryKey: ['/api/notifications'] })

/** The list loads only while a user is signed in (docs/product.md, Dashboard and notifications). */
export function useNotifications() {
  const user = useSessionUser()
  return useQuery({ ...notificationsQueryOptions, enabled: user !== null })
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/notifications/${id}/read`, { method: 'PUT' }),
    onSuccess: (_, id) =>
      queryClient.setQueryData(notificationsQueryOptions.queryKey, (list) =>
        list?.map((item) => (item.id === id ? { ...item, isRead: true } : item)),
      ),
  })
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('/api/notifications/read-all', { method: 'PUT' }),
    onSuccess: () =>
      queryClient.setQueryData(notificationsQueryOptions.queryKey, (list) =>
        list?.map((item) => ({ ...item, isRead: true })),
      ),
  })
}
