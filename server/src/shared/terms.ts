import { stemmer } from 'stemmer'
import { eng } from 'stopword'
import { americanSpelling } from './spelling'

const STOPWORDS = new Set(eng)
/** Letters and digits; a hyphen or slash splits ("crash-detection" is two terms, as "crash detection" is). */
const WORD = /[a-z0-9]+/g
/** WORD, with a search position of its own for `forEachWord` (whose visitor may read words with WORD). */
const WORD_PLACES = /[a-z0-9]+/g
/** Porter stems by word: a corpus repeats its words, and a Map lookup costs a fraction of a stemming. */
const stems = new Map<string, string>()
const STEM_MEMO_LIMIT = 500_000

/** Whether a lower-cased word carries meaning: not a stopword, not a lone letter, not a bare number. */
function informative(word: string) {
  return word.length > 1 && !STOPWORDS.has(word) && !/^\d+$/.test(word)
}

/**
 * A word's term: its Porter stem, spelt as American English spells it, so that "colour" and "color", "tyre"
 * and "tire" are one term in the index, the queries, the analysis and the claim chart.
 */
function stemOf(word: string) {
  let stem = stems.get(word)
  if (stem === undefined) {
    stem = stemmer(americanSpelling(word))
    if (stems.size >= STEM_MEMO_LIMIT) stems.clear()
    stems.set(word, stem)
  }
  return stem
}

/** Every word of a text, lower-cased, in order, informative or not. */
export function lowerWords(text: string) {
  return text.toLowerCase().match(WORD) ?? []
}

/** Each word of a lower-cased text, in order, with where it begins: the words `lowerWords` reads. */
export function forEachWord(lowered: string, visit: (word: string, index: number) => void) {
  const words = WORD_PLACES
  words.lastIndex = 0
  for (let word = words.exec(lowered); word; word = words.exec(lowered)) visit(word[0], word.index)
}

/** The informative words of a text, lower-cased, in order. */
export function wordsOf(text: string) {
  return lowerWords(text).filter(informative)
}

/** The term a word of `lowerWords` stands for, or undefined when it carries no meaning. */
export function termOfWord(word: string) {
  return informative(word) ? stemOf(word) : undefined
}

/** The Porter stems of a text's informative words, in order: the terms the index and queries share. */
export function termsOf(text: string) {
  return wordsOf(text).map(stemOf)
}

/** Each term with how often it occurs. */
export function countTerms(terms: string[]) {
  const counts = new Map<string, number>()
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1)
  return counts
}

/** Each term of a text with how often it occurs. */
export function termCounts(text: string) {
  return countTerms(termsOf(text))
}

/** Each distinct informative word of a text with its term. */
export function wordTerms(text: string) {
  return new Map(wordsOf(text).map((word) => [word, stemOf(word)]))
}

/**
 * For each term of a text, the word it stands for there: the form the text uses most, the shorter on a
 * tie ("vehicl" → "vehicle", "batteri" → "battery" or "batteries", whichever the text says more).
 */
export function surfaceWords(text: string) {
  const uses = new Map<string, Map<string, number>>()
  for (const word of wordsOf(text)) {
    const forms = uses.get(stemOf(word)) ?? new Map<string, number>()
    forms.set(word, (forms.get(word) ?? 0) + 1)
    uses.set(stemOf(word), forms)
  }
  const surface = new Map<string, string>()
  for (const [term, forms] of uses) {
    const [best] = [...forms].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)
    if (best) surface.set(term, best[0])
  }
  return surface
}
