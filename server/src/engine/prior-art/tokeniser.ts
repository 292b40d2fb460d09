import { sentenceStarts } from '~/shared/sentence-split'
import { forEachWord, lowerWords, termOfWord } from '~/shared/terms'

const isDigit = (code: number) => code >= 48 && code <= 57

/** A field's term ids in order, and where its sentences and paragraphs begin (Tokeniser.tokenise). */
export type FieldTokens = { ids: Uint32Array; breaks: Uint32Array }

/**
 * Turns the index's texts into term ids (`termsOf`'s terms), numbering each term in the order first met. It
 * keeps each word met with its term's id, or -1 for a word that is no term: a corpus repeats its words, and
 * one lookup replaces a stopword test, a stemming and a vocabulary lookup (a third of the build at a million
 * patents). Bare numbers, which are no terms and rarely repeat, are left out so that it holds words only.
 */
export class Tokeniser {
  /** The terms in id order. */
  readonly terms: string[] = []
  private readonly vocabulary = new Map<string, number>()
  private readonly wordIds = new Map<string, number>()

  /** The ids of a text's terms, in order. */
  idsOf(text: string) {
    const ids: number[] = []
    for (const word of lowerWords(text)) this.pushWord(word, ids)
    return Uint32Array.from(ids)
  }

  /**
   * A text's term ids and where its sentences and paragraphs begin among them: each break is the position
   * of its first term, times two, plus one when a paragraph begins there (a line break: a claim, a
   * description's paragraph). None at 0, one per position. The words are read in one pass over the text,
   * as `idsOf` reads them, and each sentence's first character passed is a break.
   */
  tokenise(text: string): FieldTokens {
    const ids: number[] = []
    const breaks: number[] = []
    // Where sentences begin: character offsets, and whether a paragraph begins there.
    const starts: { offset: number; paragraph: boolean }[] = []
    let line = 0
    for (const paragraph of text.split('\n')) {
      for (const start of sentenceStarts(paragraph))
        starts.push({ offset: line + start, paragraph: start === 0 })
      line += paragraph.length + 1
    }
    let next = 0
    /** Marks the breaks of the sentences that begin at or before a word's offset. */
    const passTo = (offset: number) => {
      for (let start = starts[next]; start && start.offset <= offset; start = starts[++next]) {
        if (ids.length === 0) continue
        const { paragraph } = start
        const last = breaks.length - 1
        const at = ids.length * 2
        if (last >= 0 && Math.floor((breaks[last] as number) / 2) === ids.length) {
          if (paragraph) breaks[last] = at + 1
        } else breaks.push(paragraph ? at + 1 : at)
      }
    }
    const lowered = text.toLowerCase()
    if (lowered.length === text.length) {
      forEachWord(lowered, (word, index) => {
        passTo(index)
        this.pushWord(word, ids)
      })
    } else {
      // A letter grew when lower-cased ("İ"): offsets in the lower-cased text are not the text's, so each
      // sentence is lower-cased apart and its words taken at its start.
      starts.forEach(({ offset }, i) => {
        passTo(offset)
        for (const word of lowerWords(text.slice(offset, starts[i + 1]?.offset))) this.pushWord(word, ids)
      })
    }
    return { ids: Uint32Array.from(ids), breaks: Uint32Array.from(breaks) }
  }

  /** Terms another Tokeniser numbered after this one's last, in id order: this one numbers them alike. */
  learn(terms: string[]) {
    for (const term of terms) this.idOf(term)
  }

  /** Adds a lower-cased word's term id to `ids`, when it is a term. */
  private pushWord(word: string, ids: number[]) {
    let id = this.wordIds.get(word)
    if (id === undefined) {
      const term = termOfWord(word)
      id = term === undefined ? -1 : this.idOf(term)
      if (id >= 0 || !isDigit(word.charCodeAt(0))) this.wordIds.set(word, id)
    }
    if (id >= 0) ids.push(id)
  }

  private idOf(term: string) {
    let id = this.vocabulary.get(term)
    if (id === undefined) {
      id = this.terms.length
      this.vocabulary.set(term, id)
      this.terms.push(term)
    }
    return id
  }
}
