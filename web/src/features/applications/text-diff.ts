import { diffArrays, diffWords } from 'diff'

export type DiffPart = { text: string; change: 'same' | 'added' | 'removed' }

/**
 * Edits beyond which two texts are shown as one removed and one added rather than word by word: Myers'
 * diff costs (length × edits), so this bounds a 50,000-character description's comparison.
 */
const MAX_EDITS = 1000

/** What changed from `before` to `after`, word by word. */
export function wordDiff(before: string, after: string): DiffPart[] {
  if (before === after) return [{ text: before, change: 'same' }]
  const changes = diffWords(before, after, { maxEditLength: MAX_EDITS })
  if (!changes) {
    return [
      { text: before, change: 'removed' },
      { text: after, change: 'added' },
    ]
  }
  return changes.map((c) => ({ text: c.value, change: c.added ? 'added' : c.removed ? 'removed' : 'same' }))
}

type NumberedClaim = { number: number; text: string }

/** One claim across two versions: kept (perhaps renumbered), changed, added or removed. */
export type ClaimChange =
  | { kind: 'same'; before: NumberedClaim; after: NumberedClaim }
  | { kind: 'changed'; before: NumberedClaim; after: NumberedClaim; parts: DiffPart[] }
  | { kind: 'added'; after: NumberedClaim }
  | { kind: 'removed'; before: NumberedClaim }

/**
 * The claims of two versions aligned: claims whose text is the same are kept (a renumbered one shows both
 * numbers); a run of removed claims next to a run of added ones is read as those claims changed, in order.
 */
export function claimsDiff(before: string[], after: string[]): ClaimChange[] {
  const changes: ClaimChange[] = []
  let [b, a] = [0, 0]
  const pending: { removed: NumberedClaim[]; added: NumberedClaim[] } = { removed: [], added: [] }
  const flush = () => {
    const paired = Math.min(pending.removed.length, pending.added.length)
    for (let i = 0; i < paired; i++) {
      const [was, now] = [pending.removed[i] as NumberedClaim, pending.added[i] as NumberedClaim]
      changes.push({ kind: 'changed', before: was, after: now, parts: wordDiff(was.text, now.text) })
    }
    for (const claim of pending.removed.slice(paired)) changes.push({ kind: 'removed', before: claim })
    for (const claim of pending.added.slice(paired)) changes.push({ kind: 'added', after: claim })
    pending.removed = []
    pending.added = []
  }
  for (const chunk of diffArrays(before, after)) {
    for (const text of chunk.value) {
      if (chunk.removed) pending.removed.push({ number: ++b, text })
      else if (chunk.added) pending.added.push({ number: ++a, text })
      else {
        flush()
        changes.push({ kind: 'same', before: { number: ++b, text }, after: { number: ++a, text } })
      }
    }
  }
  flush()
  return changes
}
