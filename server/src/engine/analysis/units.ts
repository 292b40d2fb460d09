import { sentenceStarts } from '~/shared/sentence-split'
import { wordCount, words } from './text'

/**
 * Whole units of a text, as the analysis shows them to people: sentences, claim elements, and a long
 * one cut at a clause, never inside a phrase.
 *
 * Each pattern here reads text from outside, so each takes time in proportion to it (issue 23): they are
 * literals, for the lint rules (eslint.config.js) to check, and none scans a run of spaces or punctuation
 * once from each of its characters. A list mark is "(a)", "a)", "(ii)", "(2)", "2)".
 */

/**
 * A paragraph number or list mark, and the spaces after it: "[0012]", "3.", "a.", "(2)", "a)". It numbers
 * the text; it says nothing. A capital and a full stop is not one ("E. coli").
 */
const LEADING_NUMBER =
  /^(?:\[\d{1,5}\]|\d{1,3}\.|[a-z]\.|\((?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3})\)|(?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3})\))\s+/
/**
 * Numbers and joiners at the start, in any order: "and (d) when…", "characterised by: (a) the…". A joiner
 * joins a claim element to the one before and says nothing by itself ("and", "wherein").
 */
const LEADING_NUMBERS_AND_JOINERS =
  /^(?:(?:\[\d{1,5}\]|\d{1,3}\.|[a-z]\.|\((?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3})\)|(?:[a-zA-Z]|[ivxIVX]{1,4}|\d{1,3})\))\s+|(?:[Aa]nd|[Oo]r|[Ww]herein|[Ww]hereby|[Cc]haracteri[sz]ed\s+(?:in\s+that|by))\b[\s,:]*)+/

/** Where a claim's preamble ends and its elements begin: "comprising:", "consisting of", "including:". */
const TRANSITION =
  /\b(?:comprising|comprises|consisting of|consists of)\b(?:\s+the\s+steps\s+of\b)?\s*:?|\b(?:including|includes|having)\s*:/i
/**
 * Where one claim element ends and the next begins: a semicolon; before a "wherein" or "whereby" clause;
 * before ", characterised in that" (not "the cards are characterised by"); before a list mark after a
 * comma ("…, b) 14–39% of…"). The spaces before "wherein" are taken from where they start (`(?<!\s)`), not
 * tried again from each space of a long run.
 */
const ELEMENT_BOUNDARY =
  /;|,?(?<!\s)\s*(?=\b(?:and\s+)?(?:wherein|whereby)\b)|,\s*(?=characteri[sz]ed\s+(?:in\s+that|by)\b)|,\s*(?:and\s+|or\s+)?(?=(?:\((?:[a-z]|[ivx]{1,4}|\d{1,3})\)|(?:[a-z]|[ivx]{1,4}|\d{1,3})\))\s)/gi

/** Closing punctuation, and an "and" or "or" left at the end of an element ("…for a magnetic disk and"). */
const CLOSING = /[\s,;:.]/
const JOINER_WORDS = ['and', 'or']

/**
 * The text without its closing punctuation and spaces, nor the "and"s and "or"s among them that follow a
 * space: what `/(?:[\s,;:.]+|\s+(?:and|or))+$/i` removes, read from the end once (that pattern tried
 * every way of cutting a run of commas into pieces: 26 commas took seconds).
 */
export function withoutClosingJoiners(text: string) {
  let end = text.length
  while (end > 0) {
    if (CLOSING.test(text[end - 1] as string)) {
      end--
      continue
    }
    const joiner = JOINER_WORDS.find(
      (word) =>
        end > word.length &&
        text.slice(end - word.length, end).toLowerCase() === word &&
        /\s/.test(text[end - word.length - 1] as string),
    )
    if (joiner === undefined) break
    end -= joiner.length
  }
  return text.slice(0, end)
}

/**
 * Sentences of a text, whole: split after . ! ? followed by a capital, "(" or a paragraph number, but
 * not after an abbreviation nor inside brackets ("(Silva, J. Physiol. 156)"), and at blank lines; each
 * without its paragraph number. Headings ("FIELD OF THE INVENTION": no lower-case letter and no full
 * stop) and pieces under four words are left out.
 */
export function sentences(text: string) {
  return text.split(/\n\s*\n/).flatMap((paragraph) => {
    const starts = sentenceStarts(paragraph)
    return starts
      .map((start, i) => paragraph.slice(start, starts[i + 1]))
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
    .map((element) => withoutClosingJoiners(withoutJoiners(element.replace(/\s+/g, ' '))))
    .filter((element) => words(element).length >= 3)
}

/**
 * A long sentence or element cut to at most `maxWords` words at its last comma or semicolon outside
 * brackets, ending in "…"; whole when short enough, or when no such place leaves `minWords` words.
 */
export function clauseCut(text: string, maxWords: number, minWords = 12) {
  if (wordCount(text) <= maxWords) return text
  const before = wordsBefore(text)
  const cut = matchesOutsideBrackets(text, /[,;]/g)
    .map((boundary) => boundary.index)
    .filter((index) => {
      const count = before(index)
      return count >= minWords && count <= maxWords
    })
    .at(-1)
  return cut === undefined ? text : `${text.slice(0, cut).trimEnd()}…`
}

/**
 * `wordCount(text.slice(0, index))` for indexes asked in increasing order, reading the text once rather
 * than once per index: the words (runs between spaces) wholly before the index that hold a letter or a
 * digit, and the one the index cuts when its part before the index holds one.
 */
function wordsBefore(text: string) {
  const runs = [...text.matchAll(/\S+/g)].map((run) => {
    const letter = run[0].search(/[\p{L}\p{N}]/u)
    // Where the run's first letter or digit stands: a cut after it leaves a word.
    return { end: run.index + run[0].length, word: letter < 0 ? Infinity : run.index + letter }
  })
  let next = 0
  let whole = 0
  return (index: number) => {
    for (; next < runs.length && (runs[next] as (typeof runs)[number]).end <= index; next++) {
      const run = runs[next] as (typeof runs)[number]
      if (run.word < run.end) whole++
    }
    const cut = runs[next]
    return whole + (cut !== undefined && cut.word < index ? 1 : 0)
  }
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
