import { wordCount, words } from './text'

/**
 * Whole units of a text, as the analysis shows them to people: sentences, claim elements, and a long
 * one cut at a clause, never inside a phrase.
 */

/** A list mark: "(a)", "a)", "(ii)", "(2)", "2)". */
const LIST_MARK = String.raw`(?:\((?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3})\)|(?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3})\))`
/**
 * A paragraph number or list mark: "[0012]", "3.", "a.", "(2)", "a)". It numbers the text; it says
 * nothing. A capital and a full stop is not one ("E. coli").
 */
const NUMBER = String.raw`(?:\[\d{1,5}\]|\d{1,3}\.|[a-z]\.|${LIST_MARK})\s+`
/** Closing punctuation, and an "and" left at the end of an element ("…for a magnetic disk and"). */
const TRAILING_JOINER = /(?:[\s,;:.]+|\s+(?:and|or))+$/i
/** Words that join a claim element to the one before and say nothing by themselves ("and", "wherein"). */
const JOINER = String.raw`(?:[Aa]nd|[Oo]r|[Ww]herein|[Ww]hereby|[Cc]haracteri[sz]ed\s+(?:in\s+that|by))\b[\s,:]*`
const LEADING_NUMBER = new RegExp(`^${NUMBER}`)
/** Numbers and joiners at the start, in any order: "and (d) when…", "characterised by: (a) the…". */
const LEADING_NUMBERS_AND_JOINERS = new RegExp(`^(?:${NUMBER}|${JOINER})+`)

/** Abbreviations a full stop does not end a sentence after: "FIG. 2", "U.S. Pat. No. 5,000", "et al. (1998)". */
const ABBREVIATION =
  /(?:^|[\s(])(?:figs?|nos?|pat|ser|appl|u\.s|e\.g|i\.e|et al|approx|vs|cf|ref|eq|vol|pp|ltd|inc|corp|co|dr|mr|mrs|ms|st)\.$/i

/** Where a claim's preamble ends and its elements begin: "comprising:", "consisting of", "including:". */
const TRANSITION =
  /\b(?:comprising|comprises|consisting of|consists of)\b(?:\s+the\s+steps\s+of\b)?\s*:?|\b(?:including|includes|having)\s*:/i
/**
 * Where one claim element ends and the next begins: a semicolon; before a "wherein" or "whereby" clause;
 * before ", characterised in that" (not "the cards are characterised by"); before a list mark after a
 * comma ("…, b) 14–39% of…").
 */
const ELEMENT_BOUNDARY = new RegExp(
  String.raw`;|,?\s*(?=\b(?:and\s+)?(?:wherein|whereby)\b)|,\s*(?=characteri[sz]ed\s+(?:in\s+that|by)\b)|,\s*(?:and\s+|or\s+)?(?=${LIST_MARK}\s)`,
  'gi',
)

/** Whether a text opens more round brackets than it closes. */
const unclosed = (text: string) => (text.match(/\(/g) ?? []).length > (text.match(/\)/g) ?? []).length

/**
 * Sentences of a text, whole: split after . ! ? followed by a capital, "(" or a paragraph number, but
 * not after an abbreviation nor inside brackets ("(Silva, J. Physiol. 156)"), and at blank lines; each
 * without its paragraph number. Headings ("FIELD OF THE INVENTION": no lower-case letter and no full
 * stop) and pieces under four words are left out.
 */
export function sentences(text: string) {
  return text.split(/\n\s*\n/).flatMap((paragraph) => {
    const whole: string[] = []
    for (const piece of paragraph.split(/(?<=[.!?])\s+(?=[A-Z(]|\d{1,3}\.\s+[A-Z])/)) {
      const last = whole.at(-1)
      if (last !== undefined && (ABBREVIATION.test(last) || unclosed(last)))
        whole[whole.length - 1] = `${last} ${piece}`
      else whole.push(piece)
    }
    return whole
      .map((s) => s.replace(/\s+/g, ' ').trim().replace(LEADING_NUMBER, ''))
      .filter((s) => s.split(' ').length >= 4 && (/[a-z]/.test(s) || /[.!?]$/.test(s)))
  })
}

/** A sentence or claim element without its number and the joiner that tied it to the one before. */
export function withoutJoiners(unit: string) {
  return unit.trim().replace(LEADING_NUMBERS_AND_JOINERS, '').trim()
}

/**
 * A claim's elements, each whole: the claim split at semicolons, "wherein" clauses and list marks, and
 * its first part at "comprising" (the preamble, then the first element); never inside a phrase
 * ("between a plate and a frame" stays one). Each without its number, joiner and closing punctuation;
 * pieces under three words are left out.
 */
export function claimElements(claim: string) {
  const pieces: string[] = []
  let from = 0
  for (const boundary of matchesOutsideBrackets(claim, ELEMENT_BOUNDARY)) {
    pieces.push(claim.slice(from, boundary.index))
    from = boundary.index + boundary[0].length
  }
  const [first = '', ...rest] = [...pieces, claim.slice(from)]
  const transition = TRANSITION.exec(first)
  const head = transition
    ? [first.slice(0, transition.index), first.slice(transition.index + transition[0].length)]
    : [first]
  return [...head, ...rest]
    .map((element) => withoutJoiners(element.replace(/\s+/g, ' ')).replace(TRAILING_JOINER, ''))
    .filter((element) => words(element).length >= 3)
}

/**
 * A long sentence or element cut to at most `maxWords` words at its last comma or semicolon outside
 * brackets, ending in "…"; whole when short enough, or when no such place leaves `minWords` words.
 */
export function clauseCut(text: string, maxWords: number, minWords = 12) {
  if (wordCount(text) <= maxWords) return text
  const cut = matchesOutsideBrackets(text, /[,;]/g)
    .map((boundary) => boundary.index)
    .filter((index) => {
      const before = wordCount(text.slice(0, index))
      return before >= minWords && before <= maxWords
    })
    .at(-1)
  return cut === undefined ? text : `${text.slice(0, cut).trimEnd()}…`
}

/** The matches of a global `pattern` that stand outside brackets: "(t, i)" holds no boundary. */
function matchesOutsideBrackets(text: string, pattern: RegExp) {
  const depths: number[] = []
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    depths.push(depth)
    const c = text[i] as string
    if ('([{'.includes(c)) depth++
    // A list mark's lone ")" ("a) 60%") closes nothing.
    else if (')]}'.includes(c)) depth = Math.max(0, depth - 1)
  }
  return [...text.matchAll(pattern)].filter((match) => (depths[match.index] ?? 0) === 0)
}
