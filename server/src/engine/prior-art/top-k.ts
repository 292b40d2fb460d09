export type Scored = { doc: number; score: number }

/** The `limit` highest positive scores, best first (ties by index), through a bounded min-heap. */
export function topOf(scores: Float32Array, limit: number): Scored[] {
  const heap: Scored[] = []
  const worse = (a: Scored, b: Scored) => a.score < b.score || (a.score === b.score && a.doc > b.doc)
  const siftDown = (from: number) => {
    let i = from
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let least = i
      if (left < heap.length && worse(heap[left] as Scored, heap[least] as Scored)) least = left
      if (right < heap.length && worse(heap[right] as Scored, heap[least] as Scored)) least = right
      if (least === i) return
      ;[heap[i], heap[least]] = [heap[least] as Scored, heap[i] as Scored]
      i = least
    }
  }
  for (let doc = 0; doc < scores.length; doc++) {
    const score = scores[doc] as number
    if (score <= 0) continue
    if (heap.length < limit) {
      heap.push({ doc, score })
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >>> 1
        if (!worse(heap[i] as Scored, heap[parent] as Scored)) break
        ;[heap[i], heap[parent]] = [heap[parent] as Scored, heap[i] as Scored]
        i = parent
      }
    } else if (limit > 0 && score > (heap[0] as Scored).score) {
      // Documents come in ascending order: one of equal score is the worse, so only a higher score enters.
      heap[0] = { doc, score }
      siftDown(0)
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0))
}
