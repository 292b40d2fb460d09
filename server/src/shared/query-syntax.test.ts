import { describe, expect, it } from 'vitest'
import { splitExclusions } from '~/shared/query-syntax'

describe('splitExclusions', () => {
  it.each([
    ['hinge', { include: 'hinge', exclude: '' }],
    ['hinge OR latch -door', { include: 'hinge OR latch', exclude: 'door' }],
    [
      '"neural network" -image -"pattern recognition"',
      { include: '"neural network"', exclude: 'image OR "pattern recognition"' },
    ],
    ['anti-lock brake', { include: 'anti-lock brake', exclude: '' }],
    ['- lonely dash', { include: '- lonely dash', exclude: '' }],
  ])('%s', (q, expected) => {
    expect(splitExclusions(q)).toEqual(expected)
  })
})
