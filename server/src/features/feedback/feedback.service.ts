import type { Feedback } from '@patentdesk/contract/applications'
import type { Db } from '~/db/database'
import type { ActivityService } from '~/features/activity/activity.service'
import type { ApplicationsService } from '~/features/applications/applications.service'
import type { AuthService, AuthUser } from '~/features/auth/auth.service'
import type { NotificationsService } from '~/features/notifications/notifications.service'
import * as repo from './feedback.repo'

const toFeedback = (row: repo.FeedbackRow): Feedback => ({
  id: row.id,
  source: row.source,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
})

const EXCERPT = 140

export function createFeedbackService(deps: {
  db: Db
  auth: AuthService
  applications: ApplicationsService
  notifications: NotificationsService
  activity: ActivityService
}) {
  const { db } = deps
  return {
    async list(viewer: AuthUser, applicationId: number) {
      await deps.applications.requireViewable(viewer, applicationId)
      return (await repo.listFeedback(db, applicationId)).map(toFeedback)
    },

    /** An administrator's feedback, signed with their name; the applicant is notified. */
    async add(admin: AuthUser, applicationId: number, content: string) {
      const application = await deps.applications.requireViewable(admin, applicationId)
      const { fullName } = await deps.auth.getProfile(admin)
      const excerpt = content.length > EXCERPT ? `${content.slice(0, EXCERPT).trimEnd()}…` : content
      const row = await db.transaction(async (tx) => {
        await deps.activity.record(
          {
            applicationId,
            actorId: admin.id,
            asAdmin: true,
            kind: 'feedback',
            subject: application.reference,
            detail: `Sent feedback: “${excerpt}”`,
          },
          tx,
        )
        return repo.insertFeedback(tx, {
          applicationId,
          authorId: admin.id,
          source: `Reviewer: ${fullName}`,
          content,
        })
      })
      if (application.userId !== admin.id) {
        await deps.notifications.notify({
          userId: application.userId,
          applicationId,
          title: 'New feedback on your application',
          message: `${application.reference}: ${excerpt}`,
        })
      }
      return toFeedback(row)
    },
  }
}

export type FeedbackService = ReturnType<typeof createFeedbackService>
