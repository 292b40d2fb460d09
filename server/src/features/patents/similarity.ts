export type TermCounts = Map<string, number>

/** TF-IDF weights: (1 + ln tf) · ln(N / (1 + df)); a term in nearly every patent weighs almost nothing. */
export function weigh(counts: TermCounts, df: Map<string, number>, corpusSize: number) {
  const weights = new Map<string, number>()
  for (const [term, tf] of counts) {
    const idf = Math.log((corpusSize + 1) / (1 + (df.get(term) ?? 0)))
    if (idf > 0) weights.set(term, (1 + Math.log(tf)) * idf)
  }
  return weights
}

function norm(v: Map<string, number>) {
  let sum = 0
  for (const w of v.values()) sum += w * w
  return Math.sqrt(sum)
}

/** Cosine similarity in percent, and the shared terms that contribute most to it. */
export function compare(a: Map<string, number>, b: Map<string, number>, topTerms = 8) {
  const contributions: [string, number][] = []
  for (const [term, wa] of a) {
    const wb = b.get(term)
    if (wb) contributions.push([term, wa * wb])
  }
  const denominator = norm(a) * norm(b)
  const dot = contributions.reduce((sum, [, c]) => sum + c, 0)
  const percent = denominator === 0 ? 0 : Math.round((dot / denominator) * 100)
  const terms = contributions
    .sort((x, y) => y[1] - x[1])
    .slice(0, topTerms)
    .map(([term]) => term)
  return { percent, terms }
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
