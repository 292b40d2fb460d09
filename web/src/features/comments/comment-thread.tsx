import type { Comment } from '@patentdesk/contract/comments'
import { useEffect, useRef, useState } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { formatDateTime } from '@/lib/format'
import { cn } from '@/lib/utils'
import { useAddComment, useResolveThread } from './api'
import { CommentForm } from './comment-form'
import { CommentText } from './comment-text'
import { useCommentsContext } from './comments-context'
import { placeLabel, type Thread } from './threads'

const nameOf = (person: Comment['author']) => person?.fullName ?? 'Former user'

function CommentEntry({ comment }: { comment: Comment }) {
  return (
    <div className="grid gap-1">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{nameOf(comment.author)}</span>
        <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
      </p>
      <CommentText text={comment.text} />
    </div>
  )
}

/**
 * The words the thread is about, struck through once they were edited out of the text; where they are when the
 * thread is listed away from its part (`showPlace`), or moved from where they were commented on.
 */
function QuotedWords({ root, showPlace }: { root: Comment; showPlace: boolean }) {
  const { anchor, at } = root
  const outdated = at === null
  const moved = !outdated && at !== anchor.index
  const here = at === null ? undefined : placeLabel({ part: anchor.part, index: at })
  return (
    <div className="grid gap-1">
      {outdated && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
            Outdated
          </Badge>
          Was on {placeLabel(anchor)}
        </p>
      )}
      {(moved || showPlace) && here && (
        <p className="text-xs text-muted-foreground">
          {showPlace && `On ${here}`}
          {showPlace && moved && ' · '}
          {moved && `Moved from ${placeLabel(anchor)}`}
        </p>
      )}
      <blockquote
        className={cn(
          'line-clamp-3 break-words border-l-2 border-amber-400 pl-2 text-xs text-slate-600',
          outdated && 'text-muted-foreground line-through',
        )}
      >
        “{anchor.quote}”
      </blockquote>
    </div>
  )
}

/** A thread: the quote, the comments, and (for those who may comment) the reply box and Resolve or Reopen. */
export function CommentThread({ thread, showPlace = false }: { thread: Thread; showPlace?: boolean }) {
  const { applicationId, canComment, highlightId } = useCommentsContext()
  const { root, replies } = thread
  const addComment = useAddComment(applicationId)
  const resolve = useResolveThread(applicationId)
  const [replying, setReplying] = useState(false)
  const resolved = root.resolvedAt !== null
  const highlighted = highlightId === root.id
  const ref = useRef<HTMLElement>(null)

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' })
  }, [highlighted])

  return (
    <article
      ref={ref}
      aria-label={`Thread on ${placeLabel(root.anchor)}`}
      className={cn(
        'grid gap-3 rounded-lg border bg-card p-3 text-sm shadow-sm',
        highlighted && 'ring-2 ring-amber-400 ring-offset-2',
      )}
    >
      <QuotedWords root={root} showPlace={showPlace} />
      {[root, ...replies].map((comment) => (
        <CommentEntry key={comment.id} comment={comment} />
      ))}
      {root.resolvedAt && (
        <p className="text-xs text-muted-foreground">
          Resolved by {nameOf(root.resolvedBy)} on {formatDateTime(root.resolvedAt)}
        </p>
      )}
      {canComment && replying && (
        <CommentForm
          label="Reply"
          submitLabel="Reply"
          pending={addComment.isPending}
          onCancel={() => setReplying(false)}
          onSubmit={(text, done) =>
            addComment.mutate(
              { text, parentId: root.id },
              {
                onSuccess: () => {
                  done()
                  setReplying(false)
                },
              },
            )
          }
        />
      )}
      {canComment && !replying && (
        <div className="flex flex-wrap gap-2">
          {!resolved && (
            <Button variant="outline" size="sm" onClick={() => setReplying(true)}>
              Reply
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            disabled={resolve.isPending}
            onClick={() => resolve.mutate({ threadId: root.id, resolved: !resolved })}
          >
            {resolved ? 'Reopen' : 'Resolve'}
          </Button>
        </div>
      )}
    </article>
  )
}
