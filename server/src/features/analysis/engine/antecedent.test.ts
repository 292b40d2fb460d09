import { describe, expect, it } from 'vitest'
import { missingAntecedents } from './antecedent'

describe('missingAntecedents', () => {
  it('flags "said lever" with no earlier "a lever"', () => {
    expect(
      missingAntecedents('A tripod head comprising a pendulum, wherein said lever locks the pendulum.'),
    ).toEqual(['said lever'])
  })

  it('accepts elements introduced earlier in the claim or in the claim it depends on', () => {
    expect(
      missingAntecedents('A head comprising a lever and a pendulum, wherein the lever locks the pendulum.'),
    ).toEqual([])
    expect(
      missingAntecedents('The head of claim 1, wherein said lever is steel.', 'A head comprising a lever.'),
    ).toEqual([])
  })

  it('sees the noun after adjectives ("a locking lever" ... "the lever" is fine; "the clutch" is not)', () => {
    expect(missingAntecedents('A head with a locking lever, wherein the lever engages the clutch.')).toEqual([
      'the clutch',
    ])
  })

  it('ignores phrases that name no element', () => {
    expect(missingAntecedents('A method as known in the art, the same as before.')).toEqual([])
  })
})
