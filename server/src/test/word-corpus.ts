import type { Corpus } from '~/engine/engine-threads'

/**
 * A corpus that knows every word and no prior art: every feature is uncovered, and a word of eight letters
 * or more stands for a term rare in it (a specialist term). Enough for the engine to run every step.
 */
export const wordCorpus: Corpus = {
  async weigh(texts) {
    return texts.map((text) => {
      const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? []
      return {
        weights: new Map(words.map((w) => [w, w.length >= 8 ? 3 : 1])),
        words: new Map(words.map((w) => [w, w])),
        terms: new Map(words.map((w) => [w, w])),
        corpusSize: 1000,
      }
    })
  },
  similar: async () => ({ considered: 0, ranked: [] }),
  closest: async (texts) => texts.map(() => []),
  activity: async () => ({ related: [], all: [] }),
  texts: async () => [],
}
