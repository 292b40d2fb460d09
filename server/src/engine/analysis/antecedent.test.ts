import { describe, expect, it } from 'vitest'
import { antecedentGaps, nounPhrases } from './antecedent'

const phrases = (claims: string[]) => antecedentGaps(claims).map((gaps) => gaps.map((gap) => gap.phrase))

describe('antecedentGaps', () => {
  it('flags "said lever" with no earlier "a lever", with its offsets', () => {
    const claim = 'A tripod head comprising a pendulum, wherein said lever locks the pendulum.'
    const [[gap] = []] = antecedentGaps([claim])
    expect(gap).toEqual({ phrase: 'said lever', element: 'lever', start: 45, end: 55 })
    expect(claim.slice(gap?.start, gap?.end)).toBe('said lever')
  })

  it('accepts elements introduced earlier in the claim or in the claim it depends on', () => {
    expect(
      phrases(['A head comprising a lever and a pendulum, wherein the lever locks the pendulum.']),
    ).toEqual([[]])
    expect(
      phrases(['A head comprising a lever.', 'The head of claim 1, wherein said lever is steel.']),
    ).toEqual([[], []])
  })

  it('follows the whole chain of dependencies, not only the direct parent', () => {
    const claims = [
      'A head comprising a lever.',
      'The head of claim 1, further comprising a clutch.',
      'The head of claim 2, wherein the clutch engages the lever and the pawl.',
      'The head of claim 1, wherein the clutch is steel.',
    ]
    expect(phrases(claims)).toEqual([[], [], ['the pawl'], ['the clutch']])
  })

  it('reads a claim whose reference is wrong against all earlier claims, so as not to report twice', () => {
    const claims = ['A head comprising a lever.', 'The head of claim 3, wherein the lever engages the pawl.']
    expect(phrases(claims)).toEqual([[], ['the pawl']])
  })

  it('sees the noun after adjectives ("a locking lever" ... "the lever" is fine; "the clutch" is not)', () => {
    expect(phrases(['A head with a locking lever, wherein the lever engages the clutch.'])).toEqual([
      ['the clutch'],
    ])
  })

  it('accepts elements introduced without an article, and properties of an element', () => {
    expect(
      phrases(['A device for cutting paper, comprising blades, wherein the blades cut the paper.']),
    ).toEqual([[]])
    expect(phrases(['A head comprising a plate, the thickness of the plate being 2 mm.'])).toEqual([[]])
  })

  it('looks past modifiers to the noun ("the detected signal" needs a signal)', () => {
    expect(
      phrases(['A sensor emitting a signal, wherein the detected signal and the upper plate are red.']),
    ).toEqual([['the upper plate']])
  })

  it('reads groups through to what they count, and meets plurals', () => {
    expect(
      phrases([
        'A head comprising a plurality of cables and one or more levers, wherein the cable and the levers are steel and the number of boxes is even.',
      ]),
    ).toEqual([[]])
  })

  it('ignores phrases that name no element, and reports one gap once', () => {
    expect(phrases(['A method as known in the art, the same as before.'])).toEqual([[]])
    expect(phrases(['A head wherein the pawl and the pawl.'])).toEqual([['the pawl']])
  })
})

describe('nounPhrases', () => {
  it('answers each determiner with the words it governs and the token after them', () => {
    const [phrase] = nounPhrases('a damping member mounted on')
    expect(phrase?.words.map((w) => w.word)).toEqual(['damping', 'member', 'mounted'])
    expect(phrase?.next?.word).toBe('on')
  })
})
