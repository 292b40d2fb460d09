import type { AuditPage, AuditQuery } from '@patentdesk/contract/activity'
import type { AdminUser } from '@patentdesk/contract/admin'
import type { ApplicationStatus } from '@patentdesk/contract/application-statuses'
import type {
  AdminApplication,
  Application,
  ApplicationAnalysis,
  Feedback,
  FeedbackBody,
  StatusBody,
} from '@patentdesk/contract/applications'
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import {
  applicationPath,
  feedbackQueryOptions,
  searchReportQueryOptions,
  useInvalidateApplication,
} from '@/lib/application-queries'
import { messageOr } from '@/lib/query-meta'
import type { DownloadTarget } from '@/lib/use-download'

/** An application's stored analysis, which only administrators may read. */
export const analysisQueryOptions = (id: number) =>
  queryOptions<ApplicationAnalysis | null>({ queryKey: [`${applicationPath(id)}/analysis`] })
export const adminApplicationsQueryOptions = queryOptions<AdminApplication[]>({
  queryKey: ['/api/admin/patents'],
})
export const adminUsersQueryOptions = queryOptions<AdminUser[]>({ queryKey: ['/api/admin/users'] })

/** The audit log's filters: the query without its page. */
export type AuditFilters = Omit<AuditQuery, 'before'>

const auditPath = '/api/admin/audit'

/** The filters (and page) as a query string; those not set are left out. */
function auditSearch(query: AuditQuery) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value))
  const search = params.toString()
  return search && `?${search}`
}

/** The audit log under `filters`, newest first, a page at a time: each page names the id the next starts before. */
export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [auditPath, filters],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AuditPage>(`${auditPath}${auditSearch({ ...filters, before: pageParam ?? undefined })}`, {
        signal,
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    // Other administrators and the command line add to it: each visit of the tab asks again.
    staleTime: 0,
  })

/** The same filtered log as a CSV file. */
export const auditExport = (filters: AuditFilters): DownloadTarget => ({
  path: `${auditPath}.csv${auditSearch(filters)}`,
  fileName: 'audit-log.csv',
})

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters))
}

export function useAdminApplications() {
  return useQuery(adminApplicationsQueryOptions)
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions)
}

export function useAnalysis(id: number) {
  return useQuery(analysisQueryOptions(id))
}

export function useUpdateStatus(id: number) {
  const queryClient = useQueryClient()
  const invalidateApplication = useInvalidateApplication()
  return useMutation({
    mutationFn: (status: ApplicationStatus) =>
      apiRequest<Application>(`/api/admin/patents/${id}/status`, {
        method: 'PUT',
        body: { status } satisfies StatusBody,
      }),
    onSuccess: () =>
      Promise.all([
        invalidateApplication(id),
        queryClient.invalidateQueries({ queryKey: adminApplicationsQueryOptions.queryKey }),
      ]),
    meta: { errorTitle: 'Error updating status', errorDescription: messageOr('Failed to update status') },
  })
}

export function useAddFeedback(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: FeedbackBody) =>
      apiRequest<Feedback>(`/api/admin/patents/${id}/feedback`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackQueryOptions(id).queryKey }),
    meta: {
      errorTitle: 'Error submitting feedback',
      errorDescription: messageOr('Failed to submit feedback'),
    },
  })
}

/** Runs the engine on the application and stores the result, replacing any earlier analysis. */
export function useGenerateAnalysis(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest<ApplicationAnalysis>(`/api/admin/patents/${id}/analysis`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all(
        [analysisQueryOptions(id), searchReportQueryOptions(id)].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    // The toast goes; the panel's error box stays until the next attempt.
    meta: { errorTitle: 'Error generating analysis' },
  })
}
