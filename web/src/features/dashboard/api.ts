import type { ApplicationSummary, Feedback } from '@patentdesk/contract/applications'
import { limits } from '@patentdesk/contract/limits'
import { useQueries } from '@tanstack/react-query'
import { feedbackQueryOptions } from '@/lib/application-queries'

/** The applications a dashboard card lists (the user's own, or those shared with them): the most recently
 * updated first. */
export function selectRecentApplications<T extends ApplicationSummary>(applications: T[]) {
  return applications
    .toSorted((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt))
    .slice(0, limits.dashboard.recentApplications)
}

export type RecentFeedback = Feedback & { application: ApplicationSummary }

/** The newest feedback across the given applications, newest first, as many as the dashboard shows. */
export function useRecentFeedback(applications: ApplicationSummary[]) {
  return useQueries({
    queries: applications.map((application) => feedbackQueryOptions(application.id)),
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      feedback: results
        .flatMap((result, index) => {
          const application = applications[index]
          if (!application) return []
          return (result.data ?? []).map((item): RecentFeedback => ({ ...item, application }))
        })
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
        .slice(0, limits.dashboard.feedback),
    }),
  })
}
