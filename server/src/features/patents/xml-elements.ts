/**
 * The office documents of a stream of XML text, one at a time: every element named in `names` (a USPTO
 * weekly file's `us-patent-grant`s, each after its own `<?xml …?>`; a DOCDB file's `exch:exchange-document`s
 * inside one root; EP files of one or more `ep-patent-document`s), whatever the lines, so that a file of a
 * gigabyte on one line is read in constant memory. The named elements do not nest in these formats.
 */
export type XmlElement = { line: number; xml: string } | { line: number; problem: string }

/**
 * A document larger than this is refused and skipped: the largest real ones (grants with long sequence or
 * chemical tables) hold tens of megabytes; a string must stay well below V8's limit of 2^29 characters.
 */
export const MAX_DOCUMENT_CHARACTERS = 128 * 2 ** 20

const megabytes = (characters: number) => `${Math.ceil(characters / 2 ** 20).toLocaleString('en-GB')} MB`
const tooLarge = (characters: number, max: number) =>
  `the document holds ${megabytes(characters)} of XML, more than the ${megabytes(max)} a document may hold`

const countLines = (text: string, end = text.length) => {
  let count = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) count += 1
  return count
}

export async function* xmlElements(
  chunks: AsyncIterable<string>,
  names: string[],
  maxCharacters = MAX_DOCUMENT_CHARACTERS,
): AsyncGenerator<XmlElement> {
  const alternatives = names.join('|')
  // An optional namespace prefix, the name, then what may follow a name (space, `>` or `/`).
  const opening = new RegExp(`<(?:[A-Za-z][\\w.-]{0,30}:)?(?:${alternatives})[\\s>/]`, 'g')
  const closing = new RegExp(`</(?:[A-Za-z][\\w.-]{0,30}:)?(?:${alternatives})\\s{0,20}>`, 'g')
  // Enough of a buffer's end kept between chunks for a tag cut in two to be found whole.
  const overlap = Math.max(...names.map((n) => n.length)) + 60
  let buffer = ''
  /** The line the buffer starts on. */
  let line = 1
  /** Where the open document starts in the buffer; -1 while between documents. */
  let start = -1
  /** Where to look next, so that a long document is scanned once, not once per chunk. */
  let from = 0
  /** Characters of a too-large document dropped so far, and the line it started on. */
  let skipped = 0
  let skippedLine = 0

  const drop = (end: number) => {
    line += countLines(buffer, end)
    buffer = buffer.slice(end)
    from = Math.max(0, from - end)
  }

  for await (const chunk of chunks) {
    buffer += chunk
    for (;;) {
      if (start === -1) {
        opening.lastIndex = from
        const open = opening.exec(buffer)
        if (!open) {
          const keep = Math.max(0, buffer.length - overlap)
          drop(keep)
          from = 0
          break
        }
        drop(open.index)
        start = 0
        from = 1
      }
      closing.lastIndex = from
      const close = closing.exec(buffer)
      if (!close) {
        from = Math.max(from, buffer.length - overlap)
        if (buffer.length - start > maxCharacters) {
          // Too large: dropped as it streams, up to its end, and named once that is found.
          if (skipped === 0) skippedLine = line
          skipped += from
          drop(from)
        }
        break
      }
      const end = close.index + close[0].length
      if (skipped > 0) {
        yield { line: skippedLine, problem: tooLarge(skipped + end, maxCharacters) }
        skipped = 0
      } else yield { line, xml: buffer.slice(0, end) }
      drop(end)
      start = -1
      from = 0
    }
  }
  if (skipped > 0) yield { line: skippedLine, problem: tooLarge(skipped + buffer.length, maxCharacters) }
  else if (start !== -1) yield { line, problem: 'the file ends inside this document (no closing tag)' }
}
