import type { Comment, CommentPart } from '@patentdesk/contract/comments'

/** A thread: its first comment, which holds the anchor and the resolution, and the replies in order. */
export type Thread = { root: Comment; replies: Comment[] }

/** The comments (oldest first, as the server lists them) gathered into threads, oldest thread first. */
export function threadsOf(comments: Comment[]): Thread[] {
  const threads = new Map<number, Thread>()
  for (const comment of comments) {
    if (comment.parentId === null) threads.set(comment.id, { root: comment, replies: [] })
    else threads.get(comment.parentId)?.replies.push(comment)
  }
  return [...threads.values()]
}

/** Where a thread is shown: a part and the index of its paragraph or claim. */
export type Place = { part: CommentPart; index: number }

export const placeKey = ({ part, index }: Place) => `${part}:${index}`

/** "Title", "Description ¶3", "Claim 2": how the panel names a place (counted from 1). */
export function placeLabel({ part, index }: Place) {
  if (part === 'title') return 'Title'
  if (part === 'abstract') return 'Abstract'
  return part === 'claim' ? `Claim ${index + 1}` : `Description ¶${index + 1}`
}

/**
 * The threads sorted for the screen: open ones by the place their words are at now (a moved thread at its new
 * place), open ones whose words were edited away, and resolved ones, which the panel keeps folded.
 */
export function sortThreads(threads: Thread[]) {
  const byPlace = new Map<string, Thread[]>()
  const outdated: Thread[] = []
  const resolved: Thread[] = []
  for (const thread of threads) {
    const { anchor, at, resolvedAt } = thread.root
    if (resolvedAt !== null) resolved.push(thread)
    else if (at === null) outdated.push(thread)
    else {
      const key = placeKey({ part: anchor.part, index: at })
      byPlace.set(key, [...(byPlace.get(key) ?? []), thread])
    }
  }
  return { byPlace, outdated, resolved }
}

/** The thread a comment belongs to, by the comment's id (a notification's link names any comment). */
export const threadIdOf = (comments: Comment[], commentId: number) => {
  const comment = comments.find(({ id }) => id === commentId)
  return comment && (comment.parentId ?? comment.id)
}

/** The stretches [start, end) of `text` that the quotes cover (each quote's first place), merged and in order. */
export function quotedStretches(text: string, quotes: string[]) {
  const stretches = quotes
    .map((quote) => ({ start: text.indexOf(quote), end: text.indexOf(quote) + quote.length }))
    .filter(({ start }) => start !== -1)
    .sort((a, b) => a.start - b.start)
  const merged: { start: number; end: number }[] = []
  for (const stretch of stretches) {
    const last = merged.at(-1)
    if (last && stretch.start <= last.end) last.end = Math.max(last.end, stretch.end)
    else merged.push({ ...stretch })
  }
  return merged
}
