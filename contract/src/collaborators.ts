import { z } from 'zod'
import { ApplicationSummarySchema } from './applications'
import { EmailSchema } from './auth'
import { collaboratorRoles } from './collaborator-roles'
import { IdParamsSchema, IdSchema } from './common'
import { limits } from './limits'

export const collaboratorMessages = {
  ownerOnly: 'Only the applicant can manage who works on this application.',
  role: 'Choose a valid role.',
  self: 'You own this application already.',
  already: 'This email address has been invited already.',
  tooMany: `An application may have at most ${limits.collaborators.max} collaborators.`,
  notFound: 'That collaborator does not exist.',
  invitationInvalid: 'This invitation is not valid any more: it was withdrawn or accepted already.',
} as const

export const CollaboratorRoleSchema = z.enum(collaboratorRoles, collaboratorMessages.role)

/** POST /api/patents/:id/collaborators */
export const InviteBodySchema = z.strictObject({ email: EmailSchema, role: CollaboratorRoleSchema })
export type InviteBody = z.infer<typeof InviteBodySchema>

/** PATCH /api/patents/:id/collaborators/:collaboratorId */
export const CollaboratorRoleBodySchema = z.strictObject({ role: CollaboratorRoleSchema })
export type CollaboratorRoleBody = z.infer<typeof CollaboratorRoleBodySchema>

export const CollaboratorParamsSchema = IdParamsSchema.extend({ collaboratorId: IdSchema })

/** A person invited to an application: `user` is null until the invitation is accepted by someone signing up. */
export const CollaboratorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: CollaboratorRoleSchema,
  user: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }).nullable(),
  invitedAt: z.string(),
})
export type Collaborator = z.infer<typeof CollaboratorSchema>
export const CollaboratorListSchema = z.array(CollaboratorSchema)

/** POST /api/invitations/accept: the token of the invitation mail, by the user signed in. */
export const AcceptInvitationBodySchema = z.strictObject({
  token: z
    .string()
    .trim()
    .min(1, collaboratorMessages.invitationInvalid)
    .max(100, collaboratorMessages.invitationInvalid),
})
export const AcceptedInvitationSchema = z.object({ applicationId: z.number().int() })

/** GET /api/patents/shared: the applications others shared with the viewer, with their role and owner. */
export const SharedApplicationSchema = ApplicationSummarySchema.extend({
  role: CollaboratorRoleSchema,
  ownerName: z.string().nullable(),
})
export type SharedApplication = z.infer<typeof SharedApplicationSchema>
export const SharedApplicationListSchema = z.array(SharedApplicationSchema)

/** The page an invitation mail links to; it accepts the invitation once the reader is signed in. */
export const invitationPath = (token: string) => `/invitation?token=${encodeURIComponent(token)}`
