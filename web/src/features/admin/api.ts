import type { AdminUser } from '@patentdesk/contract/admin'
import type {
  AdminApplication,
  Application,
  ApplicationAnalysis,
  ApplicationStatus,
  Feedback,
  FeedbackBody,
  StatusBody,
} from '@patentdesk/contract/applications'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import {
  applicationPath,
  feedbackQueryOptions,
  searchReportQueryOptions,
  useInvalidateApplication,
} from '@/lib/application-queries'
import { messageOr } from '@/lib/query-meta'

/** An application's stored analysis, which only administrators may read. */
export const analysisQueryOptions = (id: number) =>
  queryOptions<ApplicationAnalysis | null>({ queryKey: [`${applicationPath(id)}/analysis`] })
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
