import type { Comment, CommentAnchor, NewCommentBody } from '@patentdesk/contract/comments'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { applicationPath } from '@/lib/application-queries'

/* Every call of the comments feature: the list of an application's comments and the two changes to it. */

const commentsPath = (id: number) => `${applicationPath(id)}/comments`

export const commentsQueryOptions = (id: number) => queryOptions<Comment[]>({ queryKey: [commentsPath(id)] })

export function useComments(id: number) {
  return useQuery(commentsQueryOptions(id))
}

/** After a change the list is asked again: it says where each thread's words now are. */
function useRefreshComments(id: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: commentsQueryOptions(id).queryKey })
}

/** A new thread on the quoted words of a part, or (`parentId`) a reply within a thread. */
export type NewComment = { text: string } & ({ anchor: CommentAnchor } | { parentId: number })

export function useAddComment(id: number) {
  const refresh = useRefreshComments(id)
  return useMutation({
    mutationFn: (body: NewComment) =>
      apiRequest<Comment>(commentsPath(id), { method: 'POST', body: body satisfies NewCommentBody }),
    onSuccess: refresh,
    meta: { errorTitle: 'Comment not posted' },
  })
}

export function useResolveThread(id: number) {
  const refresh = useRefreshComments(id)
  return useMutation({
    mutationFn: ({ threadId, resolved }: { threadId: number; resolved: boolean }) =>
      apiRequest<Comment>(`${commentsPath(id)}/${threadId}`, { method: 'PATCH', body: { resolved } }),
    onSuccess: refresh,
    meta: {
      errorTitle: (input) =>
        (input as { resolved: boolean }).resolved ? 'Thread not resolved' : 'Thread not reopened',
    },
  })
}
