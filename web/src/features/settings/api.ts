import type { SessionsRevoked } from '@patentdesk/contract/auth'
import type {
  ActiveSession,
  ApiKeyStatus,
  DatabaseStatus,
  DataSourceDetail,
  DataSourceId,
} from '@patentdesk/contract/settings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { apiRequest } from '@/lib/api-client'
import { clearSession } from '@/lib/session'

export const apiKeyStatusQueryOptions = queryOptions<ApiKeyStatus>({
  queryKey: ['/api/public/config/api-keys'],
})
export const dataSourceQueryOptions = (source: DataSourceId) =>
  queryOptions<DataSourceDetail, Error, DataSourceDetail['data']>({
    queryKey: [`/api/public/config/data-source/${source}`],
    select: (detail) => detail.data,
  })
export const apiKeyStatusError = 'Failed to fetch API key status'
export const sessionsQueryOptions = queryOptions<ActiveSession[]>({ queryKey: ['/api/auth/sessions'] })
export const databaseStatusQueryOptions = queryOptions<DatabaseStatus>({
  queryKey: ['/api/settings/database'],
})

export function useApiKeyStatus() {
  return useQuery({
    ...apiKeyStatusQueryOptions,
    meta: { errorTitle: 'Error', errorDescription: () => apiKeyStatusError },
  })
}

export function useDataSource(source: DataSourceId | null) {
  return useQuery({
    ...dataSourceQueryOptions(source ?? 'ukipo'),
    enabled: source !== null,
    meta: { errorTitle: 'Error', errorDescription: () => `Failed to fetch information for ${source}` },
  })
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
    meta: { errorTitle: 'Error' },
  })
}
