import { useMutation, useQuery } from '@tanstack/react-query'
import {
  feedbackQueryOptions,
  historyQueryOptions,
  useInvalidateApplication,
} from '@/lib/application-queries'
import { submitApplication } from './api'

export function useStatusHistory(id: number) {
  return useQuery(historyQueryOptions(id))
}

export function useFeedback(id: number) {
  return useQuery(feedbackQueryOptions(id))
}

/** The owner sends a draft, or a revised application, for review. */
export function useSubmitApplication(id: number) {
  const invalidateApplication = useInvalidateApplication()
  return useMutation({
    mutationFn: () => submitApplication(id),
    onSuccess: () => invalidateApplication(id),
    meta: { errorTitle: 'Error submitting application' },
  })
}
