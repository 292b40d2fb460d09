/** The `p`th percentile of figures sorted in ascending order (0 for none): the benchmarks' one definition. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
