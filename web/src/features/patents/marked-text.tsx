import { Fragment } from 'react'
import type { MarkedPart } from './patent-format'

/** Text with its matched words highlighted; each part is a text node or a <mark>, never parsed HTML. */
export function MarkedText({ parts }: { parts: MarkedPart[] }) {
  return parts.map((part, index) =>
    part.marked ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <mark key={index} className="rounded-sm bg-yellow-100 px-0.5 font-medium text-inherit">
        {part.text}
      </mark>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
      <Fragment key={index}>{part.text}</Fragment>
    ),
  )
}
