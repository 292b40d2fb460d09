import type { CollaboratorRole } from '@patentdesk/contract/collaborator-roles'
import type {
  AcceptedInvitationSchema,
  Collaborator,
  CollaboratorRoleBody,
  InviteBody,
  SharedApplication,
} from '@patentdesk/contract/collaborators'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { ApiError, apiRequest } from '@/lib/api-client'
import { applicationPath, applicationsPath } from '@/lib/application-queries'

/*
 * Every call of the collaborators feature: who works on an application, the owner's invitations and changes,
 * a collaborator leaving, the applications others shared with the viewer, and accepting a mailed invitation.
 * What the screens do on success (toasts, where to go next) is theirs.
 */

const collaboratorsPath = (applicationId: number) => `${applicationPath(applicationId)}/collaborators`
const collaboratorPath = (applicationId: number, collaboratorId: number) =>
  `${collaboratorsPath(applicationId)}/${collaboratorId}`

export const collaboratorsQueryOptions = (applicationId: number) =>
  queryOptions<Collaborator[]>({ queryKey: [collaboratorsPath(applicationId)] })
export const sharedApplicationsQueryOptions = queryOptions<SharedApplication[]>({
  queryKey: [`${applicationsPath}/shared`],
})

export function useCollaborators(applicationId: number) {
  return useQuery(collaboratorsQueryOptions(applicationId))
}

export function useSharedApplications() {
  return useQuery(sharedApplicationsQueryOptions)
}

/** A refusal of the request itself (invited already, the owner's own address, too many): its form says it. */
export const isRefusal = (error: Error) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401

export function useInvite(applicationId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: InviteBody) =>
      apiRequest<Collaborator>(collaboratorsPath(applicationId), { method: 'POST', body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: collaboratorsQueryOptions(applicationId).queryKey }),
    meta: { errorTitle: 'Invitation not sent', errorToast: (error) => !isRefusal(error) },
  })
}

export type RoleChange = { collaboratorId: number; role: CollaboratorRole }

/** The answer takes the row's place at once, so the select never shows the old role again. */
export function useChangeRole(applicationId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ collaboratorId, role }: RoleChange) =>
      apiRequest<Collaborator>(collaboratorPath(applicationId, collaboratorId), {
        method: 'PATCH',
        body: { role } satisfies CollaboratorRoleBody,
      }),
    onSuccess: (changed) =>
      queryClient.setQueryData(collaboratorsQueryOptions(applicationId).queryKey, (list) =>
        list?.map((collaborator) => (collaborator.id === changed.id ? changed : collaborator)),
      ),
    meta: { errorTitle: 'Role not changed' },
  })
}

export function useRemoveCollaborator(applicationId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (collaboratorId: number) =>
      apiRequest(collaboratorPath(applicationId, collaboratorId), { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: collaboratorsQueryOptions(applicationId).queryKey }),
    meta: { errorTitle: 'Collaborator not removed' },
  })
}

/**
 * A collaborator removing their own row. What was cached of the application is only marked stale, not asked
 * again: the screen leaves it, and the next visit learns it is gone.
 */
export function useLeave(applicationId: number) {
  const queryClient = useQueryClient()
  const path = applicationPath(applicationId)
  const isUnder = (key: unknown) => key === path || (typeof key === 'string' && key.startsWith(`${path}/`))
  return useMutation({
    mutationFn: (collaboratorId: number) =>
      apiRequest(collaboratorPath(applicationId, collaboratorId), { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedApplicationsQueryOptions.queryKey }),
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) => isUnder(queryKey[0]),
          refetchType: 'none',
        }),
      ]),
    meta: { errorTitle: 'Could not leave the application' },
  })
}

/** The invitation page says a refused token itself. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<z.infer<typeof AcceptedInvitationSchema>>('/api/invitations/accept', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedApplicationsQueryOptions.queryKey }),
  })
}
