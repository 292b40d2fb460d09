import { type CollaboratorRole, roleLabels } from '@patentdesk/contract/collaborator-roles'
import {
  type Collaborator,
  collaboratorMessages,
  type InviteBody,
  invitationPath,
  type SharedApplication,
} from '@patentdesk/contract/collaborators'
import { limits } from '@patentdesk/contract/limits'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '~/db/database'
import { uniqueViolation } from '~/db/errors'
import { AppError } from '~/errors'
import type { ActivityService } from '~/features/activity/activity.service'
import type { ApplicationsService, Viewed } from '~/features/applications/applications.service'
import type { AuthService, AuthUser } from '~/features/auth/auth.service'
import type { NotificationsService } from '~/features/notifications/notifications.service'
import type { Mailer } from '~/providers/mailer'
import { createToken, hashToken } from '~/shared/tokens'
import * as repo from './collaborators.repo'
import { invitationMail } from './invitation-mail'

const toCollaborator = ({ collaborator, user }: repo.CollaboratorRow): Collaborator => ({
  id: collaborator.id,
  email: collaborator.email,
  role: collaborator.role,
  user,
  invitedAt: collaborator.invitedAt.toISOString(),
})

const notFound = () => new AppError('NOT_FOUND', collaboratorMessages.notFound)
const applicationLink = (id: number) => `/patents/${id}`

/**
 * Who works on an application besides its owner (docs/product.md, Working together). The owner invites by
 * email; an address with an account is added at once and told, one without gets a mail whose token attaches
 * the invitation to whoever signs up (or in) with it: addresses are not verified at sign-up, so an address
 * alone never grants access (docs/decisions/0038).
 */
export function createCollaboratorsService(deps: {
  db: Db
  applications: ApplicationsService
  auth: AuthService
  notifications: NotificationsService
  activity: ActivityService
  mailer: Mailer
  publicUrl: string
  log: FastifyBaseLogger
}) {
  const { db, applications, activity } = deps

  const requireOwner = (viewer: AuthUser, id: number, tx: Db) =>
    applications.requireAccess(viewer, id, 'own', { lock: tx, refusal: collaboratorMessages.ownerOnly })

  const record = (
    tx: Db,
    viewer: AuthUser,
    application: { id: number; reference: string },
    kind: 'invited' | 'role_changed' | 'removed' | 'joined',
    detail: string,
  ) =>
    activity.record(
      { applicationId: application.id, actorId: viewer.id, kind, subject: application.reference, detail },
      tx,
    )

  async function sendInvitation(
    application: Viewed,
    owner: AuthUser,
    email: string,
    role: CollaboratorRole,
    token: string,
  ) {
    const { fullName } = await deps.auth.getProfile(owner)
    const mail = invitationMail({
      to: email,
      ownerName: fullName,
      reference: application.reference,
      title: application.title,
      role,
      link: `${deps.publicUrl}${invitationPath(token)}`,
    })
    // The invitation stands whatever the mail server says: the owner sees it listed and can invite again.
    await deps.mailer
      .send(mail)
      .catch((error) => deps.log.error({ err: error, to: email }, 'invitation mail not sent'))
  }

  return {
    async list(viewer: AuthUser, id: number): Promise<Collaborator[]> {
      await applications.requireViewable(viewer, id)
      return (await repo.listCollaborators(db, id)).map(toCollaborator)
    },

    async invite(viewer: AuthUser, id: number, { email, role }: InviteBody): Promise<Collaborator> {
      const token = createToken()
      const { application, collaboratorId, user } = await db.transaction(async (tx) => {
        const application = await requireOwner(viewer, id, tx)
        if ((await repo.countCollaborators(tx, id)) >= limits.collaborators.max) {
          throw new AppError('CONFLICT', collaboratorMessages.tooMany)
        }
        const user = await repo.findUserByEmail(tx, email)
        if (user?.id === application.userId) throw new AppError('CONFLICT', collaboratorMessages.self)
        const collaboratorId = await repo
          .insertCollaborator(tx, {
            applicationId: id,
            userId: user?.id ?? null,
            email,
            role,
            invitedBy: viewer.id,
            tokenHash: user ? null : hashToken(token),
          })
          .catch((error) => {
            if (uniqueViolation(error) !== undefined)
              throw new AppError('CONFLICT', collaboratorMessages.already)
            throw error
          })
        await record(tx, viewer, application, 'invited', `Invited ${email} as ${roleLabels[role]}.`)
        return { application, collaboratorId, user }
      })
      if (user) {
        const { fullName } = await deps.auth.getProfile(viewer)
        await deps.notifications.notify({
          userId: user.id,
          applicationId: id,
          title: 'An application was shared with you',
          message: `${fullName} shared ${application.reference} "${application.title}" with you as ${roleLabels[role]}.`,
          link: applicationLink(id),
        })
      } else {
        await sendInvitation(application, viewer, email, role, token)
      }
      const row = await repo.findCollaborator(db, id, collaboratorId)
      if (!row) throw notFound()
      return toCollaborator(row)
    },

    async setRole(viewer: AuthUser, id: number, collaboratorId: number, role: CollaboratorRole) {
      const row = await db.transaction(async (tx) => {
        const application = await requireOwner(viewer, id, tx)
        const found = await repo.findCollaborator(tx, id, collaboratorId)
        if (!found) throw notFound()
        if (found.collaborator.role !== role) {
          await repo.setRole(tx, collaboratorId, role)
          const who = found.user?.fullName ?? found.collaborator.email
          await record(tx, viewer, application, 'role_changed', `Made ${who} ${roleLabels[role]}.`)
        }
        return { ...found, collaborator: { ...found.collaborator, role } }
      })
      return toCollaborator(row)
    },

    /** By the owner, or by collaborators leaving themselves; it holds from their next request. */
    async remove(viewer: AuthUser, id: number, collaboratorId: number) {
      await db.transaction(async (tx) => {
        const application = await applications.requireViewable(viewer, id, { lock: tx })
        const found = await repo.findCollaborator(tx, id, collaboratorId)
        const leaving = found?.collaborator.userId === viewer.id
        if (application.access !== 'owner' && !leaving) {
          throw new AppError('FORBIDDEN', collaboratorMessages.ownerOnly)
        }
        if (!found) throw notFound()
        await repo.deleteCollaborator(tx, collaboratorId)
        const who = found.user?.fullName ?? found.collaborator.email
        await record(tx, viewer, application, 'removed', leaving ? `${who} left.` : `Removed ${who}.`)
      })
    },

    /** The mailed token's invitation, attached to the signed-in user; answers the application's id. */
    async accept(viewer: AuthUser, token: string) {
      const { application, joined } = await db.transaction(async (tx) => {
        const invitation = await repo.lockInvitation(tx, hashToken(token))
        if (!invitation) throw new AppError('NOT_FOUND', collaboratorMessages.invitationInvalid)
        const application = await applications.lock(tx, invitation.applicationId)
        if (application.userId === viewer.id || (await repo.findMembership(tx, application.id, viewer.id))) {
          // Someone with access already: the second invitation has nothing to add.
          await repo.deleteCollaborator(tx, invitation.id)
          return { application, joined: false }
        }
        await repo.acceptInvitation(tx, invitation.id, viewer.id)
        const detail = `Accepted the invitation sent to ${invitation.email}, as ${roleLabels[invitation.role]}.`
        await record(tx, viewer, application, 'joined', detail)
        return { application, joined: true }
      })
      if (joined) {
        const { fullName } = await deps.auth.getProfile(viewer)
        await deps.notifications.notify({
          userId: application.userId,
          applicationId: application.id,
          title: 'Invitation accepted',
          message: `${fullName} accepted your invitation to ${application.reference} "${application.title}".`,
          link: applicationLink(application.id),
        })
      }
      return { applicationId: application.id }
    },

    async shared(viewer: AuthUser): Promise<SharedApplication[]> {
      return (await repo.listShared(db, viewer.id)).map(({ application, role, ownerName }) => ({
        id: application.id,
        reference: application.reference,
        title: application.title,
        status: application.status,
        createdAt: application.createdAt.toISOString(),
        updatedAt: application.updatedAt.toISOString(),
        submittedAt: application.submittedAt?.toISOString() ?? null,
        role,
        ownerName,
      }))
    },
  }
}

export type CollaboratorsService = ReturnType<typeof createCollaboratorsService>
