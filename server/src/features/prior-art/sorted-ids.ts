/**
 * Sets of document ids as ascending Uint32Arrays: what the search box's boolean syntax makes of posting
 * lists, at the cost of the lists rather than of the corpus.
 */

/** The ids in both. A short list against a long one is looked up by binary search (galloping). */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  const out = new Uint32Array(short.length)
  let n = 0
  let j = 0
  for (let i = 0; i < short.length && j < long.length; i++) {
    const id = short[i] as number
    // Gallop: double the step from j until past `id`, then search the last step.
    let bound = 1
    while (j + bound < long.length && (long[j + bound] as number) < id) bound *= 2
    let low = j + (bound >>> 1)
    let high = Math.min(j + bound, long.length)
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((long[mid] as number) < id) low = mid + 1
      else high = mid
    }
    j = low
    if (long[j] === id) out[n++] = id
  }
  return out.subarray(0, n)
}

/** The ids in either. */
export function union(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length)
  let n = 0
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Number.POSITIVE_INFINITY
    const y = j < b.length ? (b[j] as number) : Number.POSITIVE_INFINITY
    out[n++] = Math.min(x, y)
    if (x <= y) i++
    if (y <= x) j++
  }
  return out.subarray(0, n)
}

/** The ids of `a` not in `b`. */
export function difference(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length)
  let n = 0
  let j = 0
  for (let i = 0; i < a.length; i++) {
    const id = a[i] as number
    while (j < b.length && (b[j] as number) < id) j++
    if (b[j] !== id) out[n++] = id
  }
  return out.subarray(0, n)
}
