import { type CommentAnchor, type CommentPart, paragraphsOf } from '@patentdesk/contract/comments'

type Text = { title: string; abstract: string; description: string; claims: string[] }

/**
 * Finds where each anchor's quoted words are in the application as it stands: in the paragraph or claim they
 * were written on, else the nearest other one of the same part that holds them (a paragraph inserted above
 * moves them), else nowhere (null: the words were edited away and the comment is outdated). Each part is
 * split once, and each (part, index, quote) looked for once however many comments share it.
 */
export function createLocator(application: Text) {
  const places: Record<CommentPart, () => string[]> = {
    title: () => [application.title],
    abstract: () => [application.abstract],
    description: once(() => paragraphsOf(application.description)),
    claim: () => application.claims,
  }
  const found = new Map<string, number | null>()
  return ({ part, index, quote }: CommentAnchor): number | null => {
    const key = `${part}\u0000${index}\u0000${quote}`
    let at = found.get(key)
    if (at === undefined) {
      at = nearest(places[part](), index, quote)
      found.set(key, at)
    }
    return at
  }
}

function once<T>(make: () => T) {
  let value: T | undefined
  return () => {
    value ??= make()
    return value
  }
}

function nearest(texts: string[], index: number, quote: string): number | null {
  if (texts[index]?.includes(quote)) return index
  let best: number | null = null
  texts.forEach((text, i) => {
    if (text.includes(quote) && (best === null || Math.abs(i - index) < Math.abs(best - index))) best = i
  })
  return best
}
