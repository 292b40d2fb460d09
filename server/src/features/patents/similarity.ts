import { cosine, tfIdf } from '~/shared/tf-idf'

export type TermCounts = Map<string, number>

/** TF-IDF weights of counted lexemes, with document frequencies from the search index. */
export function weigh(counts: TermCounts, df: Map<string, number>, corpusSize: number) {
  return tfIdf(counts, (term) => df.get(term) ?? 0, corpusSize)
}

/** Cosine similarity in percent, and the shared terms that contribute most to it. */
export function compare(a: Map<string, number>, b: Map<string, number>, topTerms = 8) {
  const { value, shared } = cosine(a, b)
  return { percent: Math.round(value * 100), terms: shared.slice(0, topTerms) }
}

/**
 * Readable words for stems: for each stem, the shortest word of the text that starts with it
 * ('bicycl' → 'bicycle'), or the stem itself.
 */
export function surfaceForms(text: string) {
  const words = [...new Set(text.toLowerCase().match(/[a-z][a-z0-9-]*/g) ?? [])].sort(
    (a, b) => a.length - b.length,
  )
  return (stem: string) => words.find((word) => word.startsWith(stem)) ?? stem
}
