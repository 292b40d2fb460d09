import { describe, expect, it } from 'vitest'
import { claimsDiff, wordDiff } from './text-diff'

describe('wordDiff', () => {
  it('marks the words added and removed, and keeps the rest', () => {
    expect(wordDiff('a damped pendulum', 'a magnetic pendulum')).toEqual([
      { text: 'a ', change: 'same' },
      { text: 'damped', change: 'removed' },
      { text: 'magnetic', change: 'added' },
      { text: ' pendulum', change: 'same' },
    ])
  })

  it('shows two texts too different to compare in bounded time as one removed and one added', () => {
    const words = (seed: number) => Array.from({ length: 3000 }, (_, i) => `w${(i * seed) % 997}`).join(' ')
    const [before, after] = [words(7), words(13)]
    expect(wordDiff(before, after)).toEqual([
      { text: before, change: 'removed' },
      { text: after, change: 'added' },
    ])
  })
})

describe('claimsDiff', () => {
  it('says which claims were kept, renumbered, changed, added or removed', () => {
    const before = ['A head.', 'The head of claim 1, damped.', 'A tripod.']
    const after = ['A new first claim.', 'A head.', 'The head of claim 1, magnetically damped.']
    expect(
      claimsDiff(before, after).map(({ kind, ...rest }) => [
        kind,
        'before' in rest ? rest.before.number : null,
        'after' in rest ? rest.after.number : null,
      ]),
    ).toEqual([
      ['added', null, 1],
      ['same', 1, 2],
      ['changed', 2, 3],
      ['removed', 3, null],
    ])
  })
})
