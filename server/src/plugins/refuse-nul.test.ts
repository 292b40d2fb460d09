import { describe, expect, it } from 'vitest'
import { findNul } from './refuse-nul'

describe('findNul', () => {
  it('names the first string holding U+0000 by its dotted path, or nothing', () => {
    expect(findNul({ title: 'a tripod', claims: ['one', 'tw\u0000o'] })).toBe('claims.1')
    expect(findNul({ a: { b: [{ c: '\u0000' }] } })).toBe('a.b.0.c')
    expect(findNul('x\u0000', 'q')).toBe('q')
    expect(findNul({ q: 'x\u0000' }, 'query')).toBe('query.q')
    expect(findNul({ claims: ['one', 'two'], n: 5, ok: true, none: null })).toBeUndefined()
    expect(findNul(undefined)).toBeUndefined()
  })

  it('walks a body nested 100,000 levels deep without overflowing the stack', () => {
    let deep: unknown = '\u0000'
    for (let level = 0; level < 100_000; level++) deep = [deep]
    expect(findNul(deep)?.split('.')).toHaveLength(100_000)
    deep = 'clean'
    for (let level = 0; level < 100_000; level++) deep = { k: deep }
    expect(findNul(deep)).toBeUndefined()
  })
})
