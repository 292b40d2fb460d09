import type { ActivityPage } from '@patentdesk/contract/activity'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { applicationPath } from '@/lib/application-queries'

// Under the application's path, so the refresh after any change to it (useInvalidateApplication) takes it too.
const activityPath = (id: number) => `${applicationPath(id)}/activity`

/** An application's activity, newest first, a page at a time: each page names the id the next starts before. */
export const activityQueryOptions = (id: number) =>
  infiniteQueryOptions({
    queryKey: [activityPath(id)],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ActivityPage>(
        pageParam === null ? activityPath(id) : `${activityPath(id)}?before=${pageParam}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    // Collaborators act elsewhere: each visit of the tab asks again.
    staleTime: 0,
  })

export function useActivity(id: number) {
  return useInfiniteQuery(activityQueryOptions(id))
}
