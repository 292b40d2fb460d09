import { type Application, canComment } from '@patentdesk/contract/applications'
import type { CommentAnchor } from '@patentdesk/contract/comments'
import { createContext, type ReactNode, use, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useComments } from './api'
import { useSelectedWords } from './selection'
import { sortThreads, threadIdOf, threadsOf } from './threads'

/** What every commentable part and the panel share: the sorted threads, the selection, the one open draft. */
function useCommentsState(application: Application) {
  const comments = useComments(application.id)
  const selected = useSelectedWords()
  const [draft, setDraft] = useState<CommentAnchor>()
  const sorted = useMemo(() => sortThreads(threadsOf(comments.data ?? [])), [comments.data])
  // A mention's notification links here with `?comment=`: that thread is scrolled to and marked.
  const linked = Number(useSearchParams()[0].get('comment') ?? Number.NaN)
  const highlightId = comments.data && threadIdOf(comments.data, linked)
  return {
    applicationId: application.id,
    canComment: canComment(application.access),
    comments,
    ...sorted,
    selected,
    draft,
    startDraft: setDraft,
    closeDraft: () => setDraft(undefined),
    highlightId,
  }
}

type CommentsState = ReturnType<typeof useCommentsState>

const CommentsContext = createContext<CommentsState | null>(null)

export function CommentsProvider({
  application,
  children,
}: {
  application: Application
  children: ReactNode
}) {
  return <CommentsContext value={useCommentsState(application)}>{children}</CommentsContext>
}

export function useCommentsContext() {
  const state = use(CommentsContext)
  if (!state) throw new Error('A commentable part is rendered outside CommentsProvider.')
  return state
}
