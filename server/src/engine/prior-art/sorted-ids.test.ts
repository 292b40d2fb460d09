import { describe, expect, it } from 'vitest'
import { difference, intersect, union } from './sorted-ids'

/** A deterministic set of ids below `range`, each kept with probability `share`. */
function idsOf(range: number, share: number, seed: number) {
  let state = seed
  const ids: number[] = []
  for (let id = 0; id < range; id++) {
    state = (state * 1103515245 + 12345) % 2 ** 31
    if (state / 2 ** 31 < share) ids.push(id)
  }
  return Uint32Array.from(ids)
}

describe('sets of document ids as ascending arrays', () => {
  it('intersect, unite and subtract as sets do, for lists of any relative length', () => {
    for (const [shareA, shareB] of [
      [0.5, 0.5],
      [0.001, 0.9],
      [0.9, 0.002],
      [0, 0.5],
      [1, 0.3],
    ] as const) {
      const a = idsOf(20_000, shareA, 7)
      const b = idsOf(20_000, shareB, 11)
      const setB = new Set(b)
      expect([...intersect(a, b)]).toEqual([...a].filter((id) => setB.has(id)))
      expect([...intersect(b, a)]).toEqual([...a].filter((id) => setB.has(id)))
      expect([...union(a, b)]).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y))
      expect([...difference(a, b)]).toEqual([...a].filter((id) => !setB.has(id)))
    }
  })

  it('handle the ends: empty lists, the last id, a single id', () => {
    const one = Uint32Array.from([4_294_967_295])
    expect([...intersect(one, Uint32Array.from([1, 4_294_967_295]))]).toEqual([4_294_967_295])
    expect([...intersect(new Uint32Array(0), one)]).toEqual([])
    expect([...union(new Uint32Array(0), one)]).toEqual([4_294_967_295])
    expect([...difference(one, new Uint32Array(0))]).toEqual([4_294_967_295])
    expect([...difference(Uint32Array.from([1, 2, 3]), Uint32Array.from([2]))]).toEqual([1, 3])
  })
})
