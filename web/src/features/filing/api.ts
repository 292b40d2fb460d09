import type { Filing, UkDates, UpcomingDeadline } from '@patentdesk/contract/filing'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { applicationPath, applicationsPath } from '@/features/applications/api'
import { apiRequest, downloadFile } from '@/lib/api-client'

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
function useFilingMutation<T>(id: number, request: (input: T) => Promise<Filing>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: request,
    onSuccess: (filing) => {
      queryClient.setQueryData(filingQueryOptions(id).queryKey, filing)
      return queryClient.invalidateQueries({ queryKey: upcomingDeadlinesQueryOptions.queryKey })
    },
  })
}

export function useSaveUkDates(id: number) {
  return useFilingMutation(id, (dates: UkDates) =>
    apiRequest<Filing>(`${filingPath(id)}/dates`, { method: 'PUT', body: dates }),
  )
}

export type DeadlineDoneInput = { deadlineId: string; done: boolean }

/** Ticks off, or reopens, a deadline the owner settles by hand (`manual`). */
export function useMarkDeadlineDone(id: number) {
  return useFilingMutation(id, ({ deadlineId, done }: DeadlineDoneInput) =>
    apiRequest<Filing>(`${filingPath(id)}/deadlines/${encodeURIComponent(deadlineId)}`, {
      method: 'PUT',
      body: { done },
    }),
  )
}

export type DownloadTarget = { path: string; fileName: string }

export const applicationExports = (id: number, reference: string) => ({
  calendar: { path: `${applicationPath(id)}/deadlines.ics`, fileName: `${reference}-deadlines.ics` },
  pdf: { path: `${applicationPath(id)}/export.pdf`, fileName: `${reference}.pdf` },
  docx: { path: `${applicationPath(id)}/export.docx`, fileName: `${reference}.docx` },
})

export const csvExports = {
  mine: { path: `${applicationsPath}/export.csv`, fileName: 'my-patents.csv' },
  admin: { path: '/api/admin/patents/export.csv', fileName: 'applications.csv' },
} satisfies Record<string, DownloadTarget>

export function useDownload() {
  return useMutation({
    mutationFn: ({ path, fileName }: DownloadTarget) => downloadFile(path, fileName),
    onError: (error) =>
      toast({ title: 'Download failed', description: error.message, variant: 'destructive' }),
  })
}
