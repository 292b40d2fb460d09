import type { CommentAnchor } from '@patentdesk/contract/comments'
import { useAddComment } from './api'
import { CommentForm } from './comment-form'
import { useCommentsContext } from './comments-context'
import { placeLabel } from './threads'

/** The box a new thread is written in, under the words it quotes. */
export function NewCommentBox({ anchor }: { anchor: CommentAnchor }) {
  const { applicationId, closeDraft } = useCommentsContext()
  const addComment = useAddComment(applicationId)
  return (
    <div className="grid gap-2 rounded-lg border border-primary/40 bg-card p-3 text-sm shadow-sm">
      <blockquote className="line-clamp-3 break-words border-l-2 border-amber-400 pl-2 text-xs text-slate-600">
        “{anchor.quote}”
      </blockquote>
      <CommentForm
        label={`Comment on ${placeLabel(anchor)}`}
        submitLabel="Comment"
        pending={addComment.isPending}
        onCancel={closeDraft}
        onSubmit={(text) =>
          addComment.mutate(
            { anchor, text },
            {
              onSuccess: () => {
                closeDraft()
                document.getSelection()?.removeAllRanges()
              },
            },
          )
        }
      />
    </div>
  )
}
