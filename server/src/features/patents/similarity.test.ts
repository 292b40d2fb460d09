import { describe, expect, it } from 'vitest'
import { compare, surfaceForms, weigh } from './similarity'

const counts = (entries: Record<string, number>) => new Map(Object.entries(entries))

describe('similarity', () => {
  const df = counts({ pendulum: 3, clutch: 10, system: 900, tripod: 5, engine: 40 })

  it('is 100 for identical texts, symmetric, and 0 with nothing shared', () => {
    const a = weigh(counts({ pendulum: 2, clutch: 1, tripod: 1 }), df, 1000)
    const b = weigh(counts({ engine: 3, system: 1 }), df, 1000)
    expect(compare(a, a).percent).toBe(100)
    expect(compare(a, b).percent).toBe(0)
    const c = weigh(counts({ pendulum: 1, engine: 2 }), df, 1000)
    expect(compare(a, c).percent).toBe(compare(c, a).percent)
  })

  it('weighs rare shared terms above common ones and names them first', () => {
    const a = weigh(counts({ pendulum: 1, system: 1, engine: 1 }), df, 1000)
    const rare = weigh(counts({ pendulum: 1, clutch: 1 }), df, 1000)
    const common = weigh(counts({ system: 1, clutch: 1 }), df, 1000)
    expect(compare(a, rare).percent).toBeGreaterThan(compare(a, common).percent)
    expect(compare(a, rare).terms[0]).toBe('pendulum')
  })

  it('ignores terms present in every document', () => {
    const everywhere = counts({ the: 1000 })
    expect(weigh(counts({ the: 5 }), everywhere, 1000).size).toBe(0)
  })
})

describe('surfaceForms', () => {
  it('shows a stem as the shortest word of the text that starts with it', () => {
    const readable = surfaceForms('Bicycles and a bicycle mount; applications apply')
    expect(readable('bicycl')).toBe('bicycle')
    expect(readable('applic')).toBe('applications')
    expect(readable('zzz')).toBe('zzz')
  })
})
