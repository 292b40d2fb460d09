import { MessageSquare } from 'lucide-react'
import { useCommentsContext } from './comments-context'

/** The head of the comments' column (beside the first part): how many threads are open, and how to start one. */
export function CommentsPanelHeader() {
  const { comments, byPlace, outdated, canComment } = useCommentsContext()
  const open = [...byPlace.values()].reduce((sum, threads) => sum + threads.length, outdated.length)
  return (
    <div className="grid gap-1 rounded-lg bg-muted/60 p-3 text-sm">
      <h3 className="flex items-center gap-2 font-semibold">
        <MessageSquare className="size-4" />
        Comments
        {comments.data && <span className="font-normal text-muted-foreground">{open} open</span>}
      </h3>
      {canComment && (
        <p className="text-xs text-muted-foreground">Select words in the text to comment on them.</p>
      )}
    </div>
  )
}
