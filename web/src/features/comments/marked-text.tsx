import type { ReactNode } from 'react'
import { quotedStretches } from './threads'

/** A part's text with the words its open threads quote marked; selecting across a mark reads the same words. */
export function MarkedText({ text, quotes }: { text: string; quotes: string[] }) {
  const pieces: ReactNode[] = []
  let from = 0
  for (const { start, end } of quotedStretches(text, quotes)) {
    pieces.push(
      text.slice(from, start),
      <mark key={start} className="rounded-sm bg-amber-100 text-inherit">
        {text.slice(start, end)}
      </mark>,
    )
    from = end
  }
  pieces.push(text.slice(from))
  return pieces
}
