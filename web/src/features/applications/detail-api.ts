import type {
  Application,
  ApplicationAnalysis,
  ApplicationStatus,
  Feedback,
  FeedbackBody,
  StatusBody,
  StatusChange,
} from '@patentdesk/contract/applications'
import type { PatentDocument } from '@patentdesk/contract/documents'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/toast'
import { adminApplicationsQueryOptions } from '@/features/admin/api'
import { apiRequest, downloadFile } from '@/lib/api-client'
import { applicationPath, documentsPath, submitApplication, useInvalidateApplication } from './api'

export const historyQueryOptions = (id: number) =>
  queryOptions<StatusChange[]>({ queryKey: [`${applicationPath(id)}/history`] })
export const feedbackQueryOptions = (id: number) =>
  queryOptions<Feedback[]>({ queryKey: [`${applicationPath(id)}/feedback`] })
export const analysisQueryOptions = (id: number) =>
  queryOptions<ApplicationAnalysis | null>({ queryKey: [`${applicationPath(id)}/analysis`] })

export function useStatusHistory(id: number) {
  return useQuery(historyQueryOptions(id))
}

export function useFeedback(id: number) {
  return useQuery(feedbackQueryOptions(id))
}

/** Only administrators may read an application's analysis. */
export function useAnalysis(id: number, enabled: boolean) {
  return useQuery({ ...analysisQueryOptions(id), enabled })
}

/** The owner sends a draft, or a revised application, for review. */
export function useSubmitApplication(id: number) {
  const invalidateApplication = useInvalidateApplication()
  return useMutation({
    mutationFn: () => submitApplication(id),
    onSuccess: () => invalidateApplication(id),
  })
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
  })
}

export function useAddFeedback(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: FeedbackBody) =>
      apiRequest<Feedback>(`/api/admin/patents/${id}/feedback`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackQueryOptions(id).queryKey }),
  })
}

/** Runs the engine on the application and stores the result, replacing any earlier analysis. */
export function useGenerateAnalysis(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      apiRequest<ApplicationAnalysis>(`/api/admin/patents/${id}/analysis`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisQueryOptions(id).queryKey }),
    onError: (error) =>
      toast({ title: 'Error generating analysis', description: error.message, variant: 'destructive' }),
  })
}

export function useDownloadDocument(applicationId: number) {
  return useMutation({
    mutationFn: ({ id, fileName }: PatentDocument) =>
      downloadFile(`${documentsPath(applicationId)}/${id}/download`, fileName),
    onError: (error) =>
      toast({ title: 'Download failed', description: error.message, variant: 'destructive' }),
  })
}
