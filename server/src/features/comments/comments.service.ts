import {
  type Comment,
  type CommentAnchor,
  commentMessages,
  mentionedNames,
  type NewCommentBody,
  partText,
} from '@patentdesk/contract/comments'
import { limits } from '@patentdesk/contract/limits'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import type { ActivityService } from '~/features/activity/activity.service'
import type { ApplicationsService } from '~/features/applications/applications.service'
import type { AuthService, AuthUser } from '~/features/auth/auth.service'
import type { NotificationsService } from '~/features/notifications/notifications.service'
import * as repo from './comments.repo'
import { createLocator } from './locate'

const notFound = () => new AppError('NOT_FOUND', commentMessages.notFound)

const anchorOf = (row: repo.CommentRow): CommentAnchor => ({
  part: row.part,
  index: row.partIndex,
  quote: row.quote,
})

/** "claim 2", "paragraph 3 of the description": how the activity list and notices name a place. */
export function placeName({ part, index }: CommentAnchor) {
  if (part === 'claim') return `claim ${index + 1}`
  if (part === 'description') return `paragraph ${index + 1} of the description`
  return `the ${part}`
}

/** Text from a user shortened for a notification or the activity list. */
const excerpt = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text)

/**
 * Comments on an application's text (docs/product.md, Working together): threads anchored to a part and the
 * words they quote, read by whoever may view the application, written by commenters, editors, the owner and
 * administrators.
 */
export function createCommentsService(deps: {
  db: Db
  applications: ApplicationsService
  auth: AuthService
  notifications: NotificationsService
  activity: ActivityService
}) {
  const { db, applications } = deps

  /** One comment as the list answers it (the list is bounded by `limits.comments`). */
  async function one(viewer: AuthUser, id: number, commentId: number) {
    const found = (await list(viewer, id)).find((comment) => comment.id === commentId)
    if (!found) throw notFound()
    return found
  }

  async function list(viewer: AuthUser, id: number): Promise<Comment[]> {
    const application = await applications.requireViewable(viewer, id)
    const rows = await repo.listComments(db, id)
    const locate = createLocator(application)
    const threads = new Map<number, repo.CommentRow>()
    for (const { comment } of rows) if (comment.parentId === null) threads.set(comment.id, comment)
    return rows.map(({ comment, author, resolver }) => {
      const thread = threads.get(comment.parentId ?? comment.id) ?? comment
      const anchor = anchorOf(thread)
      return {
        id: comment.id,
        parentId: comment.parentId,
        anchor,
        at: locate(anchor),
        text: comment.text,
        author,
        createdAt: comment.createdAt.toISOString(),
        resolvedAt: thread.resolvedAt?.toISOString() ?? null,
        resolvedBy: thread.resolvedAt ? resolver : null,
      }
    })
  }

  return {
    list,

    /** A new thread on words of the text as it stands, or a reply to a thread (a reply's reply joins the thread). */
    async add(viewer: AuthUser, id: number, body: NewCommentBody) {
      const { comment, application, anchor } = await db.transaction(async (tx) => {
        const application = await applications.requireAccess(viewer, id, 'comment', { lock: tx })
        if ((await repo.countComments(tx, id)) >= limits.comments.max) {
          throw new AppError('CONFLICT', commentMessages.tooMany)
        }
        let thread: repo.CommentRow | undefined
        if (body.parentId != null) {
          const parent = await repo.findComment(tx, id, body.parentId)
          thread = parent?.parentId ? await repo.findComment(tx, id, parent.parentId) : parent
          if (!thread) throw notFound()
        }
        const anchor = thread ? anchorOf(thread) : (body.anchor as CommentAnchor)
        if (!thread && !partText(application, anchor.part, anchor.index)?.includes(anchor.quote)) {
          throw new AppError('BAD_REQUEST', commentMessages.quoteNotFound)
        }
        const comment = await repo.insertComment(tx, {
          applicationId: id,
          parentId: thread?.id ?? null,
          authorId: viewer.id,
          part: anchor.part,
          partIndex: anchor.index,
          quote: anchor.quote,
          text: body.text,
        })
        await deps.activity.record(
          {
            applicationId: id,
            actorId: viewer.id,
            kind: 'commented',
            subject: application.reference,
            detail: `${thread ? 'Replied' : 'Commented'} on ${placeName(anchor)}: “${excerpt(body.text)}”`,
          },
          tx,
        )
        return { comment, application, anchor }
      })
      await notifyMentioned(viewer, application, comment, anchor)
      return one(viewer, id, comment.id)
    },

    /** Resolves or reopens a thread, by whoever may comment. */
    async setResolved(viewer: AuthUser, id: number, commentId: number, resolved: boolean) {
      await db.transaction(async (tx) => {
        const application = await applications.requireAccess(viewer, id, 'comment', { lock: tx })
        const comment = await repo.findComment(tx, id, commentId)
        if (!comment) throw notFound()
        if (comment.parentId !== null) throw new AppError('BAD_REQUEST', commentMessages.replyResolved)
        if ((comment.resolvedAt !== null) === resolved) return
        await repo.setResolved(tx, commentId, resolved ? viewer.id : null)
        await deps.activity.record(
          {
            applicationId: id,
            actorId: viewer.id,
            kind: resolved ? 'resolved' : 'reopened',
            subject: application.reference,
            detail: `${resolved ? 'Resolved' : 'Reopened'} the thread on ${placeName(anchorOf(comment))}: “${excerpt(comment.text)}”`,
          },
          tx,
        )
      })
      return one(viewer, id, commentId)
    },
  }

  /** `@username` of the owner, a collaborator or an administrator (not the writer) tells them, with a link to the thread. */
  async function notifyMentioned(
    viewer: AuthUser,
    application: { id: number; reference: string },
    comment: repo.CommentRow,
    anchor: CommentAnchor,
  ) {
    const people = (await applications.mentionable(application.id)).filter((p) => p.id !== viewer.id)
    const named = new Set(
      mentionedNames(
        comment.text,
        people.map((p) => p.username),
      ).map((n) => n.toLowerCase()),
    )
    if (named.size === 0) return
    const { fullName } = await deps.auth.getProfile(viewer)
    await deps.notifications.notifyAll(
      people
        .filter((p) => named.has(p.username.toLowerCase()))
        .map((p) => ({
          userId: p.id,
          applicationId: application.id,
          title: 'You were mentioned in a comment',
          message: `${fullName} mentioned you on ${placeName(anchor)} of ${application.reference}: “${excerpt(comment.text)}”`,
          link: `/patents/${application.id}?comment=${comment.id}`,
        })),
    )
  }
}

export type CommentsService = ReturnType<typeof createCommentsService>
