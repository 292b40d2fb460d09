import { QueryClient, type QueryFunction } from '@tanstack/react-query'
import { apiRequest } from './api-client'

/** Queries GET the path held in the first element of their key (spec §7). */
const getQueryKeyPath: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey
  if (typeof path !== 'string') throw new Error('The first element of a query key must be an API path.')
  return apiRequest(path, { signal })
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryKeyPath,
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
})
