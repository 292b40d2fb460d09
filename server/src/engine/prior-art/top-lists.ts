/**
 * Each long posting list's best postings under one ranking, for the search box's first page: a common
 * word's best ten are among its TOP best postings, so the page is ranked from those and a bound on the
 * rest, not from every posting (top-k with a score bound; Bm25fIndex.rank).
 */

/** The postings kept per list; lists no longer than this are walked whole. */
export const TOP = 1000

/**
 * Per term: the documents (ascending ids) of its TOP postings of highest impact, and the highest impact
 * of the others, which bounds what any other document's posting of the term adds. Lists of TOP postings
 * or fewer have none (`starts` gives them an empty range).
 */
export type TopLists = { starts: Uint32Array; docs: Uint32Array; bounds: Float32Array }

/** The `k`th largest of `values` (1-based), by Hoare's selection on a copy: linear on average. */
function kthLargest(values: Float32Array, k: number) {
  const a = Float32Array.from(values)
  let low = 0
  let high = a.length - 1
  const target = k - 1
  while (low < high) {
    const pivot = a[(low + high) >>> 1] as number
    let i = low
    let j = high
    while (i <= j) {
      while ((a[i] as number) > pivot) i++
      while ((a[j] as number) < pivot) j--
      if (i <= j) {
        const swap = a[i] as number
        a[i] = a[j] as number
        a[j] = swap
        i++
        j--
      }
    }
    if (target <= j) high = j
    else if (target >= i) low = i
    else break
  }
  return a[target] as number
}

/** The top lists of every term whose list is longer than TOP, from the lists sorted by term then document. */
export function buildTopLists(starts: Uint32Array, docs: Uint32Array, impacts: Float32Array): TopLists {
  const terms = starts.length - 1
  const topStarts = new Uint32Array(starts.length)
  const bounds = new Float32Array(terms)
  const kept: number[] = []
  for (let t = 0; t < terms; t++) {
    const from = starts[t] as number
    const to = starts[t + 1] as number
    if (to - from > TOP) {
      const values = impacts.subarray(from, to)
      const threshold = kthLargest(values, TOP)
      let above = 0
      for (const value of values) if (value > threshold) above++
      // Those above the threshold, then ties at it in document order until TOP; the rest bound the others.
      let ties = TOP - above
      let bound = 0
      for (let at = from; at < to; at++) {
        const value = impacts[at] as number
        if (value > threshold || (value === threshold && ties-- > 0)) kept.push(docs[at] as number)
        else bound = Math.max(bound, value)
      }
      bounds[t] = bound
    }
    topStarts[t + 1] = kept.length
  }
  return { starts: topStarts, docs: Uint32Array.from(kept), bounds }
}
