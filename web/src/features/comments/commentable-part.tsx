import { CommentAnchorSchema } from '@patentdesk/contract/comments'
import { MessageSquarePlus } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '@/components/ui/button'
import { IconButton } from '@/components/ui/icon-button'
import { cn } from '@/lib/utils'
import { CommentThread } from './comment-thread'
import { useCommentsContext } from './comments-context'
import { MarkedText } from './marked-text'
import { NewCommentBox } from './new-comment-box'
import { PanelRow } from './panel-row'
import { placeAttributes, readSelection, type SelectedWords } from './selection'
import { type Place, placeKey, placeLabel } from './threads'

type CommentablePartProps = Place & {
  text: string
  className?: string
  /** What the comments' column shows above this part's threads (its head, beside the first part). */
  panelHead?: ReactNode
}

/**
 * The text of a title, abstract, paragraph or claim that words can be selected in to comment on, with its
 * threads beside or under it. A selection shows a Comment button by it; the part's own button (reached by
 * keyboard) quotes the selection too, or asks for one.
 */
export function CommentablePart({ part, index, text, className, panelHead }: CommentablePartProps) {
  const { canComment, byPlace, selected, draft, startDraft } = useCommentsContext()
  const [hint, setHint] = useState<string>()
  const isHere = (place: Place | undefined) => place?.part === part && place.index === index
  const words = isHere(selected) ? selected : undefined
  const threads = byPlace.get(placeKey({ part, index })) ?? []
  const label = placeLabel({ part, index })

  const start = (from: SelectedWords | undefined) => {
    const quote = CommentAnchorSchema.shape.quote.safeParse(from?.quote)
    setHint(quote.success ? undefined : quote.error.issues[0]?.message)
    if (quote.success) startDraft({ part, index, quote: quote.data })
  }

  return (
    <PanelRow
      panel={
        <>
          {panelHead}
          {draft && isHere(draft) && <NewCommentBox anchor={draft} />}
          {threads.length > 0 && <p className="text-xs font-semibold text-muted-foreground">{label}</p>}
          {threads.map((thread) => (
            <CommentThread key={thread.root.id} thread={thread} />
          ))}
        </>
      }
    >
      <div className="relative flex items-start gap-2">
        <p
          {...placeAttributes({ part, index })}
          className={cn('min-w-0 flex-1 whitespace-pre-wrap break-words text-sm text-slate-700', className)}
        >
          <MarkedText text={text} quotes={threads.map(({ root }) => root.anchor.quote)} />
        </p>
        {canComment && (
          <IconButton
            label={`Comment on ${label}`}
            size="sm"
            className="-my-1 size-7 text-muted-foreground"
            // Pressing the button must not drop the selection it is about to quote.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              const current = readSelection()
              start(isHere(current) ? current : undefined)
            }}
          >
            <MessageSquarePlus />
          </IconButton>
        )}
        {canComment && words && !isHere(draft) && (
          <Button
            size="sm"
            className={cn('z-10 h-7 shadow-md', words.below && 'absolute')}
            style={
              words.below && { top: words.below.top, left: `min(${words.below.left}px, calc(100% - 7rem))` }
            }
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => start(words)}
          >
            <MessageSquarePlus />
            Comment
          </Button>
        )}
      </div>
      <p role="status" className="mt-1 text-xs text-muted-foreground empty:hidden">
        {!words && hint}
      </p>
    </PanelRow>
  )
}
