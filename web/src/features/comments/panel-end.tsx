import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { CommentThread } from './comment-thread'
import { useCommentsContext } from './comments-context'
import { PanelRow } from './panel-row'

/**
 * The end of the comments' column: threads whose words were edited out of the text, then the resolved ones
 * behind a toggle (open from the start when a notification's link names one of them).
 */
export function CommentsPanelEnd() {
  const { comments, outdated, resolved, highlightId } = useCommentsContext()
  const [showResolved, setShowResolved] = useState(false)
  const open = showResolved || resolved.some(({ root }) => root.id === highlightId)
  return (
    <PanelRow
      panel={
        <>
          {comments.isError && (
            <p className="text-sm text-destructive">Comments could not be loaded. {comments.error.message}</p>
          )}
          {outdated.length > 0 && (
            <section aria-label="Outdated" className="grid gap-3">
              <h4 className="text-xs font-semibold text-muted-foreground">Outdated</h4>
              {outdated.map((thread) => (
                <CommentThread key={thread.root.id} thread={thread} />
              ))}
            </section>
          )}
          {resolved.length > 0 && (
            <section aria-label="Resolved" className="grid gap-3">
              <Button
                variant="link"
                size="sm"
                className="justify-self-start px-0"
                aria-expanded={open}
                onClick={() => setShowResolved(!open)}
              >
                {open ? 'Hide resolved' : `Show resolved (${resolved.length})`}
              </Button>
              {open &&
                resolved.map((thread) => <CommentThread key={thread.root.id} thread={thread} showPlace />)}
            </section>
          )}
        </>
      }
    />
  )
}
