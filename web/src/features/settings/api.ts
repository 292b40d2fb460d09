import type { SessionsRevoked } from '@patentdesk/contract/auth'
import {
  type ActiveSession,
  ApiKeyStatusSchema,
  type DatabaseStatus,
  DataSourceDetailSchema,
  type DataSourceId,
} from '@patentdesk/contract/settings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { clearSession } from '@/features/auth/session'
import { apiRequest } from '@/lib/api-client'

// Public paths answer a 404 with an empty search result rather than an error, so the answers are checked.
export const apiKeyStatusQueryOptions = queryOptions({
  queryKey: ['/api/public/config/api-keys'],
  select: (data: unknown) => ApiKeyStatusSchema.parse(data),
})
export const dataSourceQueryOptions = (source: DataSourceId) =>
  queryOptions({
    queryKey: [`/api/public/config/data-source/${source}`],
    select: (data: unknown) => DataSourceDetailSchema.parse(data).data,
  })
export const sessionsQueryOptions = queryOptions<ActiveSession[]>({ queryKey: ['/api/auth/sessions'] })
export const databaseStatusQueryOptions = queryOptions<DatabaseStatus>({
  queryKey: ['/api/settings/database'],
})

export function useApiKeyStatus() {
  return useQuery(apiKeyStatusQueryOptions)
}

export function useDataSource(source: DataSourceId | null) {
  return useQuery({ ...dataSourceQueryOptions(source ?? 'ukipo'), enabled: source !== null })
}

export function useActiveSessions() {
  return useQuery(sessionsQueryOptions)
}

export function useDatabaseStatus() {
  return useQuery(databaseStatusQueryOptions)
}

/** Revokes every session of the user, this one included, so the local session ends too. */
export function useLogoutAllSessions() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => apiRequest<SessionsRevoked>('/api/auth/logout-all', { method: 'POST' }),
    onSuccess: ({ revokedSessions }) => {
      clearSession()
      queryClient.removeQueries()
      navigate('/login', { replace: true })
      toast({
        title: 'Logged out of all sessions',
        description: `${revokedSessions} ${revokedSessions === 1 ? 'session was' : 'sessions were'} signed out, including this one.`,
      })
    },
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  })
}
