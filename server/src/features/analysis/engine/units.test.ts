import { describe, expect, it } from 'vitest'
import { claimElements, clauseCut, sentences, withoutJoiners } from './units'

describe('sentences', () => {
  it('keeps a sentence whole past abbreviations, without its paragraph number, and leaves out headings', () => {
    const text =
      'FIELD OF THE INVENTION\n\n[0001] The head is of the kind shown in U.S. Pat. No. 5,000,000 and\nin FIG. 1 of ' +
      'the drawings. (2) It is made of steel (Smith, J. Mater. Sci. 12) by forging. 3. The clutch is released by a lever.'
    expect(sentences(text)).toEqual([
      'The head is of the kind shown in U.S. Pat. No. 5,000,000 and in FIG. 1 of the drawings.',
      'It is made of steel (Smith, J. Mater. Sci. 12) by forging.',
      'The clutch is released by a lever.',
    ])
  })
})

describe('claimElements', () => {
  it('splits at "comprising", semicolons and "wherein", never inside a phrase', () => {
    expect(
      claimElements(
        'A tripod head for a camera, comprising: a base plate with a threaded socket; a pendulum hung from the ' +
          'base plate between a first bearing and a second bearing; and a friction clutch that locks the pendulum ' +
          'to the base plate, wherein the pendulum is damped by a viscous fluid held in a sealed chamber.',
      ),
    ).toEqual([
      'A tripod head for a camera',
      'a base plate with a threaded socket',
      'a pendulum hung from the base plate between a first bearing and a second bearing',
      'a friction clutch that locks the pendulum to the base plate',
      'the pendulum is damped by a viscous fluid held in a sealed chamber',
    ])
  })

  it('splits lettered items and "characterised by" clauses, leaving out their marks and joiners', () => {
    expect(
      claimElements(
        'A plasticized foil for laminated glass, comprising: a) 60–85% by weight of polyvinyl butyral, b) 14–39% by ' +
          'weight of a plasticizer, and c) 1–10% by weight of a surfactant.',
      ),
    ).toEqual([
      'A plasticized foil for laminated glass',
      '60–85% by weight of polyvinyl butyral',
      '14–39% by weight of a plasticizer',
      '1–10% by weight of a surfactant',
    ])
    expect(
      claimElements(
        'A valve system for an engine including a cylinder head; said valve system comprising a rocker arm; ' +
          'characterized by: (a) said rocker arm defining a second fulcrum surface; and (b) a lash device in the ' +
          'cylinder head, whereby, when the lash device is latched, the valve lifts.',
      ),
    ).toEqual([
      // "comprising" after the first semicolon is inside an element, not the claim's transition.
      'A valve system for an engine including a cylinder head',
      'said valve system comprising a rocker arm',
      'said rocker arm defining a second fulcrum surface',
      'a lash device in the cylinder head',
      'when the lash device is latched, the valve lifts',
    ])
  })

  it('finds no boundary inside brackets, nor at "characterised by" inside a clause', () => {
    expect(
      claimElements(
        'A resource scheduler comprising: a workload counter; and an allocator giving R(t, i) resources to cluster i, wherein the ' +
          'clusters are characterised by their workloads.',
      ),
    ).toEqual([
      'A resource scheduler',
      'a workload counter',
      'an allocator giving R(t, i) resources to cluster i',
      'the clusters are characterised by their workloads',
    ])
  })

  it('keeps a claim with no element boundary whole, and leaves out pieces under three words', () => {
    expect(claimElements('A tripod head comprising a pendulum and a clutch that locks it.')).toEqual([
      'A tripod head',
      'a pendulum and a clutch that locks it',
    ])
    expect(claimElements('A method comprising: heating a plate; and cooling the plate.')).toEqual([
      'heating a plate',
      'cooling the plate',
    ])
  })
})

describe('withoutJoiners', () => {
  it('takes off leading numbers and joiners only', () => {
    expect(withoutJoiners('and (d) when both devices are unlatched')).toBe('when both devices are unlatched')
    expect(withoutJoiners('wherein the pendulum is damped')).toBe('the pendulum is damped')
    expect(withoutJoiners('b. mirror polishing the surface')).toBe('mirror polishing the surface')
    expect(withoutJoiners('Andrew designed the orderly wheel')).toBe('Andrew designed the orderly wheel')
    expect(withoutJoiners('E. coli cells were grown')).toBe('E. coli cells were grown')
  })
})

describe('clauseCut', () => {
  const sentence =
    'In the head, a pendulum hung between two bearings swings to the vertical, a fluid damps its swing, ' +
    'a clutch then locks it (as before, by a spring), and the camera stays level.'

  it('cuts a long sentence at its last comma or semicolon within the limit, outside brackets', () => {
    expect(clauseCut(sentence, 20, 3)).toBe(
      'In the head, a pendulum hung between two bearings swings to the vertical, a fluid damps its swing…',
    )
    expect(clauseCut(sentence, 26, 3)).toBe(
      'In the head, a pendulum hung between two bearings swings to the vertical, a fluid damps its swing…',
    )
    expect(clauseCut(sentence, 29, 3)).toBe(
      'In the head, a pendulum hung between two bearings swings to the vertical, a fluid damps its swing, a clutch then locks it (as before, by a spring)…',
    )
  })

  it('keeps a short sentence, or one with no clause boundary past the minimum, whole', () => {
    expect(clauseCut(sentence, 40)).toBe(sentence)
    expect(clauseCut(sentence, 20, 19)).toBe(sentence)
    const unbroken = `A pendulum ${'and a lever '.repeat(30)}locks.`
    expect(clauseCut(unbroken, 20)).toBe(unbroken)
  })
})
