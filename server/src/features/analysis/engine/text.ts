/** Sentences of a text: split after . ! ? followed by a capital, and at blank lines. */
export function sentences(text: string) {
  return text
    .split(/\n\s*\n|(?<=[.!?])\s+(?=[A-Z(])/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.split(' ').length >= 4)
}

/** Lower-cased words, hyphenated words kept whole. */
export function words(text: string) {
  return text.toLowerCase().match(/[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g) ?? []
}

/**
 * Claims written in the text: numbered paragraphs ("1. A device…", "2. The device of claim 1…").
 * Answers [] when the text has no numbered claims.
 */
export function claimsIn(text: string) {
  const start = text.search(/(^|\n)\s*(what is claimed is|claims?)\s*:?\s*\n/i)
  const body = start >= 0 ? text.slice(start) : text
  const parts = body.split(/(?:^|\n)\s*(\d{1,3})\s*[.)]\s+/)
  const claims: string[] = []
  for (let i = 1; i + 1 < parts.length; i += 2) {
    if (Number(parts[i]) !== claims.length + 1) break
    claims.push((parts[i + 1] ?? '').replace(/\s+/g, ' ').trim())
  }
  return claims.length > 0 && /^(a|an|the|one)\b/i.test(claims[0] ?? '') ? claims : []
}
