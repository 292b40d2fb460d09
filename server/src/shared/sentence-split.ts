/**
 * Where sentences begin in a paragraph, for the analysis's sentences (engine/analysis/units.ts) and the
 * index's sentence breaks (WITH in the search box): after . ! ? followed by a capital, "(" or a paragraph
 * number, but not after an abbreviation nor inside round brackets ("(Silva, J. Physiol. 156)").
 */

/** Abbreviations a full stop does not end a sentence after: "FIG. 2", "U.S. Pat. No. 5,000", "et al. (1998)". */
const ABBREVIATION =
  /(?:^|[\s(])(?:figs?|nos?|pat|ser|appl|u\.s|e\.g|i\.e|et al|approx|vs|cf|ref|eq|vol|pp|ltd|inc|corp|co|dr|mr|mrs|ms|st)\.$/i
/**
 * Where a sentence may end: its closing mark and the spaces after it, before what may begin the next. The
 * mark comes first so that the search skips to each mark rather than trying every character.
 */
const MAY_END = /[.!?]\s+(?=[A-Z(]|\d{1,3}\.\s+[A-Z])/g

/**
 * Where each sentence of a paragraph begins, ascending from 0; each ends where the next begins (the spaces
 * between them at its end). A piece joins the sentence before it when that one ends in an abbreviation (its
 * last dozen characters are read) or leaves a round bracket open (counted once over the paragraph), so a
 * long sentence is never read again for each piece it takes.
 */
export function sentenceStarts(paragraph: string) {
  const starts = [0]
  if (!/[.!?]/.test(paragraph)) return starts
  const brackets = [...paragraph.matchAll(/[()]/g)]
  let next = 0
  // Round brackets opened less closed before the place read, and before the sentence's start.
  let depth = 0
  let atStart = 0
  let sentence = 0
  for (const mark of paragraph.matchAll(MAY_END)) {
    const end = mark.index + 1
    for (; next < brackets.length && (brackets[next]?.index as number) < end; next++)
      depth += brackets[next]?.[0] === '(' ? 1 : -1
    const closing = paragraph.slice(Math.max(sentence, end - 12), end)
    if (!ABBREVIATION.test(closing) && depth - atStart <= 0) {
      sentence = mark.index + mark[0].length
      starts.push(sentence)
      atStart = depth
    }
  }
  return starts
}
