/**
 * Where sentences end in a paragraph, for the analysis's sentences (engine/analysis/units.ts) and the
 * index's sentence breaks (WITH in the search box): after . ! ? followed by a capital, "(" or a paragraph
 * number, but not after an abbreviation nor inside round brackets ("(Silva, J. Physiol. 156)").
 */

/** Abbreviations a full stop does not end a sentence after: "FIG. 2", "U.S. Pat. No. 5,000", "et al. (1998)". */
const ABBREVIATION =
  /(?:^|[\s(])(?:figs?|nos?|pat|ser|appl|u\.s|e\.g|i\.e|et al|approx|vs|cf|ref|eq|vol|pp|ltd|inc|corp|co|dr|mr|mrs|ms|st)\.$/i
/** Where a sentence may end: the spaces after its closing mark, before what may begin the next. */
const MAY_END = /(?<=[.!?])\s+(?=[A-Z(]|\d{1,3}\.\s+[A-Z])/

/** Round brackets a text opens less those it closes: above 0, it opens more than it closes. */
const openBrackets = (text: string) => (text.match(/\(/g) ?? []).length - (text.match(/\)/g) ?? []).length

/** A paragraph's sentences, whole, each as its pieces of the paragraph (join them with a space). */
export function sentencePieces(paragraph: string) {
  // Each sentence with its last dozen characters (where an abbreviation would end) and the round brackets
  // it leaves open, kept as pieces join it: reading a long sentence again for each piece it takes would
  // cost time in the square of its length.
  const whole: { pieces: string[]; end: string; open: number }[] = []
  for (const piece of paragraph.split(MAY_END)) {
    const last = whole.at(-1)
    const open = openBrackets(piece)
    if (last !== undefined && (ABBREVIATION.test(last.end) || last.open > 0)) {
      last.pieces.push(piece)
      last.end = `${last.end} ${piece.slice(-12)}`.slice(-12)
      last.open += open
    } else whole.push({ pieces: [piece], end: piece.slice(-12), open })
  }
  return whole.map(({ pieces }) => pieces)
}
