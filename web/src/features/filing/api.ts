import type { Filing, UkDates, UpcomingDeadline } from '@patentdesk/contract/filing'
import { ukDateLabels } from '@patentdesk/contract/uk-date-labels'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '@/lib/api-client'
import { applicationPath } from '@/lib/application-queries'

export const filingPath = (id: number) => `${applicationPath(id)}/filing`
export const upcomingDeadlinesPath = '/api/deadlines/upcoming'

export const filingQueryOptions = (id: number) => queryOptions<Filing>({ queryKey: [filingPath(id)] })
export const upcomingDeadlinesQueryOptions = queryOptions<UpcomingDeadline[]>({
  queryKey: [upcomingDeadlinesPath],
})

export function useFiling(id: number) {
  return useQuery(filingQueryOptions(id))
}

export function useUpcomingDeadlines() {
  return useQuery(upcomingDeadlinesQueryOptions)
}

/** Every filing change answers the whole Filing: it replaces the cache, and the dashboard's list may move. */
function useFilingMutation<T>(
  id: number,
  request: (input: T) => Promise<Filing>,
  meta: { errorTitle: string; errorToast?: (error: Error) => boolean },
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    meta,
    onSuccess: (filing) => {
      queryClient.setQueryData(filingQueryOptions(id).queryKey, filing)
      return queryClient.invalidateQueries({ queryKey: upcomingDeadlinesQueryOptions.queryKey })
    },
  })
}

export type UkDateField = keyof UkDates

/** The fields of a 400 that the UK dates form shows at its inputs. */
export function ukDateFieldErrors(error: Error) {
  if (!(error instanceof ApiError && error.status === 400)) return []
  return Object.entries(error.fields ?? {}).filter((entry): entry is [UkDateField, string] =>
    Object.hasOwn(ukDateLabels, entry[0]),
  )
}

export function useSaveUkDates(id: number) {
  return useFilingMutation(
    id,
    (dates: UkDates) => apiRequest<Filing>(`${filingPath(id)}/dates`, { method: 'PUT', body: dates }),
    { errorTitle: 'Could not save the dates', errorToast: (error) => ukDateFieldErrors(error).length === 0 },
  )
}

export type DeadlineDoneInput = { deadlineId: string; done: boolean }

/** Ticks off, or reopens, a deadline the owner settles by hand (`manual`). */
export function useMarkDeadlineDone(id: number) {
  return useFilingMutation(
    id,
    ({ deadlineId, done }: DeadlineDoneInput) =>
      apiRequest<Filing>(`${filingPath(id)}/deadlines/${encodeURIComponent(deadlineId)}`, {
        method: 'PUT',
        body: { done },
      }),
    { errorTitle: 'Could not update the deadline' },
  )
}
