/** Term weights and their comparison, shared by the patents' comparison and the prior-art index. */

/** TF-IDF weights: (1 + ln tf) · ln((N + 1) / (1 + df)); a term in nearly every document weighs nothing. */
export function tfIdf(
  counts: Map<string, number>,
  documentFrequency: (term: string) => number,
  size: number,
) {
  const weights = new Map<string, number>()
  for (const [term, tf] of counts) {
    const idf = Math.log((size + 1) / (1 + documentFrequency(term)))
    if (idf > 0) weights.set(term, (1 + Math.log(tf)) * idf)
  }
  return weights
}

function norm(weights: Map<string, number>) {
  let sum = 0
  for (const w of weights.values()) sum += w * w
  return Math.sqrt(sum)
}

/** Cosine of two weight vectors, 0–1, and the shared terms by their part in it, largest first. */
export function cosine(a: Map<string, number>, b: Map<string, number>) {
  const shared: [string, number][] = []
  for (const [term, wa] of a) {
    const wb = b.get(term)
    if (wb) shared.push([term, wa * wb])
  }
  const denominator = norm(a) * norm(b)
  const dot = shared.reduce((sum, [, part]) => sum + part, 0)
  return {
    value: denominator === 0 ? 0 : dot / denominator,
    shared: shared.sort((x, y) => y[1] - x[1]).map(([term]) => term),
  }
}
