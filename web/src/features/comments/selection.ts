import { type CommentPart, commentParts } from '@patentdesk/contract/comments'
import { useEffect, useState } from 'react'
import type { Place } from './threads'

/** The attributes that mark an element as the text of a place: the selection is read back from them. */
export const placeAttributes = ({ part, index }: Place) => ({
  'data-comment-part': part,
  'data-comment-index': index,
})

function placeOf(node: Node | null) {
  const element = (node instanceof Element ? node : node?.parentElement)?.closest<HTMLElement>(
    '[data-comment-part]',
  )
  if (!element) return undefined
  const part = element.dataset.commentPart as CommentPart
  const index = Number(element.dataset.commentIndex)
  return commentParts.includes(part) && Number.isInteger(index) ? { element, part, index } : undefined
}

/** Words selected within the text of one place, and where under them a button fits (from the text's corner). */
export type SelectedWords = Place & { quote: string; below?: { top: number; left: number } }

/** The words the user selected, when they lie within one place's text (the selection is trimmed). */
export function readSelection(): SelectedWords | undefined {
  const selection = document.getSelection()
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return undefined
  const start = placeOf(selection.anchorNode)
  const end = placeOf(selection.focusNode)
  const quote = selection.toString().trim()
  if (!start || start.element !== end?.element || !quote) return undefined
  const { element, part, index } = start
  // The last line of the selection, where the button goes; jsdom has no layout, and no rectangles.
  const last = [...(selection.getRangeAt(0).getClientRects?.() ?? [])].at(-1)
  const box = element.getBoundingClientRect()
  const below = last && { top: last.bottom - box.top + 4, left: last.right - box.left }
  return { part, index, quote, below }
}

const samePlace = (a: SelectedWords | undefined, b: SelectedWords | undefined) =>
  a?.part === b?.part &&
  a?.index === b?.index &&
  a?.quote === b?.quote &&
  a?.below?.top === b?.below?.top &&
  a?.below?.left === b?.below?.left

/** The words selected within a place's text, followed as the selection changes. */
export function useSelectedWords() {
  const [selected, setSelected] = useState<SelectedWords>()
  useEffect(() => {
    const follow = () => {
      const next = readSelection()
      setSelected((current) => (samePlace(current, next) ? current : next))
    }
    document.addEventListener('selectionchange', follow)
    return () => document.removeEventListener('selectionchange', follow)
  }, [])
  return selected
}
