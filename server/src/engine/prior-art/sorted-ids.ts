/**
 * Sets of document ids as ascending Uint32Arrays: what the search box's boolean syntax makes of posting
 * lists, at the cost of the lists rather than of the corpus.
 */

/**
 * The first index at or after `from` whose id is at least `id` (the list's length when none): galloping,
 * doubling the step until past `id`, then a binary search of the last step; so looking up ascending ids one
 * after another costs the log of the gaps, not the list's length.
 */
export function seek(list: Uint32Array, id: number, from: number) {
  let bound = 1
  while (from + bound < list.length && (list[from + bound] as number) < id) bound *= 2
  let low = from + (bound >>> 1)
  let high = Math.min(from + bound, list.length)
  while (low < high) {
    const mid = (low + high) >>> 1
    if ((list[mid] as number) < id) low = mid + 1
    else high = mid
  }
  return low
}

/** Lists within this ratio of each other's length are intersected by walking both, not by galloping. */
const WALK_WITHIN = 8

/**
 * The ids in both: each of the shorter list looked up in the longer, or, for lists of like length, both
 * walked side by side without a branch on the comparison, which the processor could not predict ("data"
 * and "processing", 690,000 and 558,000 patents of a million: 11 ms by galloping, 4 by walking).
 */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  const out = new Uint32Array(short.length)
  let n = 0
  let j = 0
  if (long.length <= short.length * WALK_WITHIN) {
    for (let i = 0; i < short.length && j < long.length; ) {
      const x = short[i] as number
      const y = long[j] as number
      // Written always, kept when equal: n never passes i.
      out[n] = x
      n += Number(x === y)
      i += Number(x <= y)
      j += Number(y <= x)
    }
    return out.subarray(0, n)
  }
  for (let i = 0; i < short.length && j < long.length; i++) {
    const id = short[i] as number
    j = seek(long, id, j)
    if (long[j] === id) out[n++] = id
  }
  return out.subarray(0, n)
}

/** The ids in either: both walked side by side without a branch on the comparison, then the rest of one. */
export function union(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length + b.length)
  let n = 0
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const x = a[i] as number
    const y = b[j] as number
    out[n++] = Math.min(x, y)
    i += Number(x <= y)
    j += Number(y <= x)
  }
  out.set(i < a.length ? a.subarray(i) : b.subarray(j), n)
  return out.subarray(0, n + a.length - i + b.length - j)
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
