import { sentencePieces } from '~/shared/sentence-split'
import { lowerWords, termOfWord } from '~/shared/terms'

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
    this.push(text, ids)
    return Uint32Array.from(ids)
  }

  /**
   * A text's term ids and where its sentences and paragraphs begin among them: each break is the position
   * of its first term, times two, plus one when a paragraph begins there (a line break: a claim, a
   * description's paragraph). None at 0, one per position.
   */
  tokenise(text: string): FieldTokens {
    const ids: number[] = []
    const breaks: number[] = []
    for (const paragraph of text.split('\n')) {
      sentencePieces(paragraph).forEach((pieces, i) => {
        const at = ids.length * 2
        const last = breaks.length - 1
        if (ids.length === 0) {
          // Nothing before: no break.
        } else if (last >= 0 && ((breaks[last] as number) | 1) === (at | 1)) {
          if (i === 0) breaks[last] = at | 1
        } else breaks.push(i === 0 ? at | 1 : at)
        for (const piece of pieces) this.push(piece, ids)
      })
    }
    return { ids: Uint32Array.from(ids), breaks: Uint32Array.from(breaks) }
  }

  private push(text: string, ids: number[]) {
    for (const word of lowerWords(text)) {
      let id = this.wordIds.get(word)
      if (id === undefined) {
        const term = termOfWord(word)
        id = term === undefined ? -1 : this.idOf(term)
        if (id >= 0 || !isDigit(word.charCodeAt(0))) this.wordIds.set(word, id)
      }
      if (id >= 0) ids.push(id)
    }
  }

  /** Terms another Tokeniser numbered after this one's last, in id order: this one numbers them alike. */
  learn(terms: string[]) {
    for (const term of terms) this.idOf(term)
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
