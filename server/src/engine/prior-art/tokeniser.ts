import { lowerWords, termOfWord } from '~/shared/terms'

const isDigit = (code: number) => code >= 48 && code <= 57

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
    for (const word of lowerWords(text)) {
      let id = this.wordIds.get(word)
      if (id === undefined) {
        const term = termOfWord(word)
        id = term === undefined ? -1 : this.idOf(term)
        if (id >= 0 || !isDigit(word.charCodeAt(0))) this.wordIds.set(word, id)
      }
      if (id >= 0) ids.push(id)
    }
    return Uint32Array.from(ids)
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
