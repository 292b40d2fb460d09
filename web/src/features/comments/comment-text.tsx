/*
 * `@name` as the server reads a mention (mentionedNames in contract/src/comments.ts): name characters after
 * an `@` that does not follow one (so an email address is no mention). The capture keeps the mentions in
 * split's answer, at its odd places.
 */
const mention = /((?<![\p{L}\p{N}_-])@[\p{L}\p{N}_-]+)/u

/** A comment's text as its writer typed it, with the mentions marked; React escapes all of it. */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {text.split(mention).map((piece, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in a fixed order
          <span key={index} className="rounded bg-primary/10 px-0.5 font-medium text-primary">
            {piece}
          </span>
        ) : (
          piece
        ),
      )}
    </p>
  )
}
