import { cosine } from '~/shared/tf-idf'

/** Cosine similarity of two weight vectors in percent, and the shared terms that contribute most to it. */
export function compare(a: Map<string, number>, b: Map<string, number>, topTerms = 8) {
  const { value, shared } = cosine(a, b)
  return { percent: Math.round(value * 100), terms: shared.slice(0, topTerms) }
}
