/** Lower-cased words, hyphenated words kept whole. */
export function words(text: string) {
  return text.toLowerCase().match(/[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g) ?? []
}

/**
 * The number of words as a reader or a word processor counts them: runs between spaces with a letter or
 * a digit ("2 mm" is two words, "non-ionic" one). Counts shown to people use this; `words` is for terms.
 */
export function wordCount(text: string) {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
}

/**
 * A "Claims" or "What is claimed is" heading on a line of its own, with or without a colon. Each line is
 * read from its own start (a run of blank lines is not rescanned from each of them), so the search takes
 * time in proportion to the text.
 */
const CLAIMS_HEADING = /(?:^|\n)[^\S\n]*(?:what is claimed is|claims?)[^\S\n]*(?::[^\S\n]*)?\n/i
/** A claim's number at the start of a line ("2. ", "2) "), the number captured; read from the line's start. */
const CLAIM_NUMBER = /(?:^|\n)[^\S\n]*(\d{1,3})\s*[.)]\s+/

/**
 * Claims written in a text: numbered paragraphs ("1. A device…", "2. The device of claim 1…"), after a
 * "Claims" heading when it has one. `description` is the text before them (the heading left out); when
 * the text has no numbered claims, the whole text and no claims.
 */
export function splitClaims(text: string) {
  const start = text.search(CLAIMS_HEADING)
  const body = start >= 0 ? text.slice(start) : text
  const parts = body.split(CLAIM_NUMBER)
  const claims: string[] = []
  for (let i = 1; i + 1 < parts.length; i += 2) {
    if (Number(parts[i]) !== claims.length + 1) break
    claims.push((parts[i + 1] ?? '').replace(/\s+/g, ' ').trim())
  }
  if (claims.length === 0 || !/^(a|an|the|one)\b/i.test(claims[0] ?? ''))
    return { description: text, claims: [] }
  return { description: (start >= 0 ? text.slice(0, start) : (parts[0] ?? '')).trim(), claims }
}

/**
 * A noun's singular stem, so that 'levers' meets 'lever', 'boxes' 'box' and 'bodies' 'body'. A final
 * 'e' goes too, so that 'cables' and 'cable' (or 'houses' and 'house') meet whichever way they are cut.
 */
export function stem(word: string) {
  let singular = word
  if (word.length > 4 && word.endsWith('ies')) singular = `${word.slice(0, -3)}y`
  else if (word.length > 3 && word.endsWith('s') && !['ss', 'us', 'is'].includes(word.slice(-2)))
    singular = word.slice(0, -1)
  return singular.length > 3 && singular.endsWith('e') ? singular.slice(0, -1) : singular
}

/** Claims referred to, as ranges: "claim 2" is 2–2, "claims 1 to 3" 1–3, "any preceding claim" 1–(n−1). */
export type ClaimRange = { from: number; to: number }
/** A reference to other claims in a claim, with its offsets in the claim's text. */
export type ClaimReference = { start: number; end: number; ranges: ClaimRange[] }

/** "claim 2", "claims 1 to 3", "claim 1, 2 or 5"; a listed number takes no unit ("claim 1, 2 mm thick"). */
const NUMBERED_REFERENCE =
  /\bclaims?\s+\d+(?:\s*(?:,|\bor\b|\band\b|\bto\b|-|–|\bthrough\b)\s*(?:claims?\s+)?\d+(?=\s*(?:$|[,;:)]|\.(?!\d)|-|–|\b(?:or|and|to|through|in|wherein|whereby|which|further|characteri[sz]ed|comprising|including|having|with|for|as)\b)))*/gi
const RANGE = /(\d+)(?:\s*(?:to|-|–|through)\s*(?:claims?\s+)?(\d+))?/gi
const PRECEDING_REFERENCE =
  /\b(?:any|all|each|either|the)(?:\s+(?:one|of|the)){0,3}\s+(?:preceding|previous|foregoing)\s+claims?\b/gi

/**
 * The references of claim number `number` to other claims: "as claimed in claim 5", "of claims 1 to 3",
 * "claim 2 or 3", "any preceding claim". Answers them as written, valid or not, in text order.
 */
export function claimReferences(claim: string, number: number): ClaimReference[] {
  const numbered = [...claim.matchAll(NUMBERED_REFERENCE)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    ranges: [...match[0].matchAll(RANGE)].map((range) => {
      const a = Number(range[1])
      const b = Number(range[2] ?? range[1])
      return { from: Math.min(a, b), to: Math.max(a, b) }
    }),
  }))
  const preceding = [...claim.matchAll(PRECEDING_REFERENCE)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    ranges: [{ from: 1, to: number - 1 }],
  }))
  return [...numbered, ...preceding].sort((a, b) => a.start - b.start)
}

/**
 * For each claim, the earlier claims (1-based) it refers to. References to itself, to later claims or
 * to claims that do not exist are left out: they name no claim to inherit from.
 */
export function claimParents(claims: string[]): number[][] {
  return claims.map((claim, index) => {
    const parents = new Set<number>()
    for (const { ranges } of claimReferences(claim, index + 1)) {
      for (const { from, to } of ranges) {
        for (let n = Math.max(1, from); n <= Math.min(index, to); n++) parents.add(n)
      }
    }
    return [...parents]
  })
}
