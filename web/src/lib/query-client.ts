import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query'
import { type ToastOptions, toast, toastIsShowing } from '@/components/ui/toast'
import { apiRequest } from './api-client'
import type { ErrorToastMeta } from './query-meta'

function toastError(error: Error, meta: ErrorToastMeta | undefined, variables?: unknown) {
  if (!meta?.errorTitle || meta.errorToast === false) return
  if (meta.errorToast && !meta.errorToast(error)) return
  const title = typeof meta.errorTitle === 'string' ? meta.errorTitle : meta.errorTitle(variables)
  const description = meta.errorDescription ? meta.errorDescription(error) : error.message
  const options: ToastOptions = { title, description, variant: 'destructive' }
  // Queries that fail together (a comparison's patents) say so once.
  if (!toastIsShowing(options)) toast(options)
}

/** Queries GET the path held in the first element of their key (docs/product.md, Calls and answers). */
const getQueryKeyPath: QueryFunction = ({ queryKey, signal }) => {
  const [path] = queryKey
  if (typeof path !== 'string') throw new Error('The first element of a query key must be an API path.')
  return apiRequest(path, { signal })
}

/** The app's client: the defaults (docs/product.md, Calls and answers) and the error toasts; tests make their
 * own with it. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      // A failure nobody is looking at (a prefetch) raises no toast.
      onError: (error, query) => {
        if (query.getObserversCount() > 0) toastError(error, query.meta)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, variables, _result, mutation) => toastError(error, mutation.meta, variables),
    }),
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
}

export const queryClient = createQueryClient()
