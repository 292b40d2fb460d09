import { describe, expect, it } from 'vitest'
import { tfIdf } from '~/shared/tf-idf'
import { compare } from './similarity'

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries))
const df = counts({ pendulum: 3, clutch: 10, system: 900, tripod: 5, engine: 40 })
const weigh = (terms: Record<string, number>) => tfIdf(counts(terms), (term) => df.get(term) ?? 0, 1000)

describe('similarity', () => {
  it('is 100 for identical texts, symmetric, and 0 with nothing shared', () => {
    const a = weigh({ pendulum: 2, clutch: 1, tripod: 1 })
    const b = weigh({ engine: 3, system: 1 })
    expect(compare(a, a).percent).toBe(100)
    expect(compare(a, b).percent).toBe(0)
    const c = weigh({ pendulum: 1, engine: 2 })
    expect(compare(a, c).percent).toBe(compare(c, a).percent)
  })

  it('weighs rare shared terms above common ones and names them first', () => {
    const a = weigh({ pendulum: 1, system: 1, engine: 1 })
    const rare = weigh({ pendulum: 1, clutch: 1 })
    const common = weigh({ system: 1, clutch: 1 })
    expect(compare(a, rare).percent).toBeGreaterThan(compare(a, common).percent)
    expect(compare(a, rare).terms[0]).toBe('pendulum')
  })
})
