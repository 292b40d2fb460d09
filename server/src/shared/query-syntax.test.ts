import { describe, expect, it } from 'vitest'
import { readQuery } from '~/shared/query-syntax'

describe('readQuery', () => {
  it.each([
    ['hinge', { alternatives: [['hinge']], excluded: [] }],
    ['hinge OR latch -door', { alternatives: [['hinge'], ['latch']], excluded: ['door'] }],
    ['cat dog or bird', { alternatives: [['cat', 'dog'], ['bird']], excluded: [] }],
    [
      '"neural network" -image -"pattern recognition"',
      { alternatives: [['"neural network"']], excluded: ['image', '"pattern recognition"'] },
    ],
    ['anti-lock brake', { alternatives: [['anti-lock', 'brake']], excluded: [] }],
    ['- lonely dash', { alternatives: [['-', 'lonely', 'dash']], excluded: [] }],
    ['OR hinge OR', { alternatives: [['hinge']], excluded: [] }],
  ])('%s', (q, expected) => {
    expect(readQuery(q)).toEqual(expected)
  })
})
