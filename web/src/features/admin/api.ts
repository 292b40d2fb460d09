import type { AdminUser } from '@patentdesk/contract/admin'
import type { AdminApplication } from '@patentdesk/contract/applications'
import { queryOptions, useQuery } from '@tanstack/react-query'

export const adminApplicationsQueryOptions = queryOptions<AdminApplication[]>({
  queryKey: ['/api/admin/patents'],
})
export const adminUsersQueryOptions = queryOptions<AdminUser[]>({ queryKey: ['/api/admin/users'] })

export function useAdminApplications() {
  return useQuery(adminApplicationsQueryOptions)
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions)
}
