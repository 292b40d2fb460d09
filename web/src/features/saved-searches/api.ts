import type {
  NewPatents,
  SavedSearch,
  SavedSearchBody,
  SavedSearchPatch,
  Watch,
} from '@patentdesk/contract/saved-searches'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { useSessionUser } from '@/lib/session'

export const savedSearchesQueryOptions = queryOptions<SavedSearch[]>({ queryKey: ['/api/saved-searches'] })
export const watchesQueryOptions = queryOptions<Watch[]>({ queryKey: ['/api/watches'] })

/** The signed-in user's saved searches; nothing is asked for a visitor. */
export function useSavedSearches() {
  const user = useSessionUser()
  return useQuery({ ...savedSearchesQueryOptions, enabled: user !== null })
}

export function useWatches() {
  const user = useSessionUser()
  return useQuery({ ...watchesQueryOptions, enabled: user !== null })
}

/**
 * The patents new for a saved search since its owner last opened it. Asking opens the search on the server
 * (the next answer lists only later ones), so each opening asks again and adds to what this visit was
 * already told: coming back from a new patent's page keeps it marked. The list's count drops to nothing.
 */
export function useNewPatents(id: number | undefined) {
  const user = useSessionUser()
  const queryClient = useQueryClient()
  const path = `/api/saved-searches/${id}/new`
  return useQuery({
    queryKey: [path],
    queryFn: async ({ signal }) => {
      const { patents } = await apiRequest<NewPatents>(path, { signal })
      const earlier = queryClient.getQueryData<NewPatents>([path])?.patents ?? []
      const fresh = new Set(patents.map((patent) => patent.reference))
      queryClient.setQueryData(savedSearchesQueryOptions.queryKey, (list) =>
        list?.map((search) => (search.id === id ? { ...search, newCount: 0 } : search)),
      )
      return { patents: [...patents, ...earlier.filter((patent) => !fresh.has(patent.reference))] }
    },
    enabled: user !== null && id !== undefined,
    staleTime: 0,
    gcTime: Number.POSITIVE_INFINITY,
  })
}

/** After a change the list is asked again: its counts and order are the server's. */
function useRefreshAfter<T, V>(
  mutationFn: (variables: V) => Promise<T>,
  errorTitle: string,
  key: readonly unknown[],
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorTitle },
  })
}

export const useCreateSavedSearch = () =>
  useRefreshAfter(
    (body: SavedSearchBody) => apiRequest<SavedSearch>('/api/saved-searches', { method: 'POST', body }),
    'Search not saved',
    savedSearchesQueryOptions.queryKey,
  )

export const useUpdateSavedSearch = () =>
  useRefreshAfter(
    ({ id, patch }: { id: number; patch: SavedSearchPatch }) =>
      apiRequest<SavedSearch>(`/api/saved-searches/${id}`, { method: 'PATCH', body: patch }),
    'Search not changed',
    savedSearchesQueryOptions.queryKey,
  )

export const useDeleteSavedSearch = () =>
  useRefreshAfter(
    (id: number) => apiRequest(`/api/saved-searches/${id}`, { method: 'DELETE' }),
    'Search not deleted',
    savedSearchesQueryOptions.queryKey,
  )

export const useWatch = () =>
  useRefreshAfter(
    (reference: string) => apiRequest<Watch>('/api/watches', { method: 'POST', body: { reference } }),
    'Patent not watched',
    watchesQueryOptions.queryKey,
  )

export const useUnwatch = () =>
  useRefreshAfter(
    (id: number) => apiRequest(`/api/watches/${id}`, { method: 'DELETE' }),
    'Patent still watched',
    watchesQueryOptions.queryKey,
  )

/** A mail's unsubscribe link: no sign-in; the page says a refused token itself. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiRequest('/api/public/saved-searches/unsubscribe', { method: 'POST', body: { token } }),
  })
