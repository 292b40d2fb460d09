import { claimElements, sentences } from './units'

/** A patent's text as stored: what the claim chart quotes from. */
export type PatentText = {
  reference: string
  title: string
  abstract: string | null
  claims: string[]
  description: string | null
}

/** A unit of a patent a feature can be compared with, quoted verbatim from its stored text, and where it stands. */
export type Passage = { text: string; location: string }

/** A description sentence longer than this is quoted in parts, each ending at a semicolon or comma. */
const PASSAGE_WORDS = 60
/**
 * How much of a description is read for passages: the first 200,000 characters (the shipped corpus's
 * descriptions average 2,300; an imported one may hold a whole specification), so five patents cost the
 * chart tens of milliseconds, not seconds.
 */
const DESCRIPTION_READ = 200_000

/** "[0012]" at a paragraph's start: the paragraph number a publication gives. */
const PARAGRAPH_NUMBER = /^\s*\[(\d{1,5})\]/
/** A heading: no full stop, question or exclamation mark, and a dozen words at most. */
const isHeading = (paragraph: string) => !/[.!?]/.test(paragraph) && paragraph.split(/\s+/).length <= 12

/**
 * Where each of `units` (pieces of `source` with their spaces collapsed, in order, as `sentences` and
 * `claimElements` give them) stands in `source`, as the verbatim text there. A unit not found is left
 * out, so a passage is always the stored text itself. Reads `source` once, by its runs of non-space
 * (a position in the collapsed text is found in them by bisection), and each unit from where the last
 * was found.
 */
export function verbatim(source: string, units: string[]) {
  // The source with each run of spaces as one space, and where each of its words starts in both.
  const words: string[] = []
  const at: number[] = []
  const from: number[] = []
  let length = 0
  for (const run of source.matchAll(/\S+/g)) {
    if (words.length > 0) length += 1
    words.push(run[0])
    at.push(length)
    from.push(run.index)
    length += run[0].length
  }
  const collapsed = words.join(' ')
  /** The source position of a non-space character of the collapsed text. */
  const sourceOf = (index: number) => {
    let low = 0
    let high = at.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((at[middle] as number) <= index) low = middle
      else high = middle - 1
    }
    return (from[low] as number) + index - (at[low] as number)
  }
  const found: string[] = []
  let cursor = 0
  for (const unit of units) {
    const start = unit.length === 0 ? -1 : collapsed.indexOf(unit, cursor)
    if (start < 0) continue
    found.push(source.slice(sourceOf(start), sourceOf(start + unit.length - 1) + 1))
    cursor = start + unit.length
  }
  return found
}

/**
 * A long sentence in parts of at most `maxWords` words, each ending at a semicolon or a comma outside
 * brackets where one falls in time (else where the count is reached), every part verbatim.
 */
export function parts(sentence: string, maxWords = PASSAGE_WORDS) {
  const spans = [...sentence.matchAll(/\S+/g)]
  if (spans.length <= maxWords) return [sentence]
  const pieces: string[] = []
  let start = 0
  let lastBreak = -1
  let depth = 0
  for (let i = 0; i < spans.length; i++) {
    const word = (spans[i] as RegExpExecArray)[0]
    depth = Math.max(0, depth + (word.match(/[([]/g)?.length ?? 0) - (word.match(/[)\]]/g)?.length ?? 0))
    if (depth === 0 && /[,;]$/.test(word)) lastBreak = i
    if (i - start + 1 >= maxWords) {
      const end = lastBreak >= start ? lastBreak : i
      const first = spans[start] as RegExpExecArray
      const last = spans[end] as RegExpExecArray
      pieces.push(sentence.slice(first.index, last.index + last[0].length))
      start = end + 1
      lastBreak = -1
    }
  }
  if (start < spans.length) {
    const first = spans[start] as RegExpExecArray
    pieces.push(sentence.slice(first.index))
  }
  return pieces
}

/** The sentences of a text, verbatim, long ones in parts. */
const sentencesOf = (text: string) => verbatim(text, sentences(text)).flatMap((s) => parts(s))

/**
 * Every passage of a patent the chart may quote: its title, the sentences of its abstract, the elements
 * of each claim ("claim 3") and the sentences of each description paragraph ("description ¶12": the
 * publication's number when the paragraph has one, otherwise its place among the paragraphs that are
 * not headings).
 */
export function passagesOf(patent: PatentText): Passage[] {
  const passages: Passage[] = [{ text: patent.title, location: 'title' }]
  for (const text of sentencesOf(patent.abstract ?? '')) passages.push({ text, location: 'abstract' })
  patent.claims.forEach((claim, index) => {
    const elements = verbatim(claim, claimElements(claim))
    for (const text of elements.length > 0 ? elements : [claim])
      passages.push({ text, location: `claim ${index + 1}` })
  })
  let ordinal = 0
  for (const paragraph of (patent.description ?? '').slice(0, DESCRIPTION_READ).split(/\n\s*\n|\n/)) {
    if (paragraph.trim() === '' || isHeading(paragraph)) continue
    ordinal += 1
    const number = PARAGRAPH_NUMBER.exec(paragraph)?.[1]
    const location = `description ¶${number === undefined ? ordinal : Number(number)}`
    for (const text of sentencesOf(paragraph)) passages.push({ text, location })
  }
  return passages.filter((p) => p.text.trim() !== '')
}
