import { describe, expect, it } from 'vitest'
import { claimElements, clauseCut, sentences, withoutClosingJoiners, withoutJoiners } from './units'

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

  it('counts the words before each comma as a reader does, a word cut by the comma included', () => {
    expect(
      clauseCut('one two three four, five six,seven eight nine ten eleven, twelve thirteen fourteen', 10, 3),
    ).toBe('one two three four, five six,seven eight nine ten eleven…')
    expect(clauseCut('a,b c d e f g h i j k l m n o, p q r s', 10, 1)).toBe('a…')
    expect(clauseCut('(one, two) three four five, six seven eight, nine ten eleven twelve', 8, 2)).toBe(
      '(one, two) three four five, six seven eight…',
    )
  })
})

describe('text from outside', () => {
  it('leaves out closing punctuation and a last "and" or "or" after a space, read from the end', () => {
    expect(withoutClosingJoiners('a lever for a magnetic disk and')).toBe('a lever for a magnetic disk')
    expect(withoutClosingJoiners('a lever , , ; AND;  or. ')).toBe('a lever')
    expect(withoutClosingJoiners('a lever,and')).toBe('a lever,and')
    expect(withoutClosingJoiners('a motor')).toBe('a motor')
    expect(withoutClosingJoiners(' and')).toBe('')
    // The pattern this replaces, /(?:[\s,;:.]+|\s+(?:and|or))+$/i, took seconds from 26 commas on.
    expect(withoutClosingJoiners(`A widget comprising a lever ${','.repeat(100_000)}x`)).toMatch(/x$/)
    expect(withoutClosingJoiners(`a lever${', and'.repeat(100_000)}`)).toBe('a lever')
  })

  it('reads claim elements past long runs of spaces and stray joiners', () => {
    expect(
      claimElements(
        'A lever assembly comprising: a lever , , ; and a pivot on which the lever turns and;   \n   wherein the pivot is steel or',
      ),
    ).toEqual(['A lever assembly', 'a pivot on which the lever turns', 'the pivot is steel'])
    expect(
      claimElements(
        'A lever assembly comprising a lever for a magnetic disk and, a pin that holds the lever in place,and',
      ),
    ).toEqual([
      'A lever assembly',
      'a lever for a magnetic disk and, a pin that holds the lever in place,and',
    ])
    expect(claimElements(`A widget comprising a lever ${','.repeat(100_000)}x`)).toEqual([
      `a lever ${','.repeat(100_000)}x`,
    ])
    expect(claimElements(`A widget comprising a lever${' '.repeat(100_000)}x`)).toEqual(['a lever x'])
  })

  it('keeps a sentence whole across brackets and abbreviations that span its pieces', () => {
    expect(
      sentences(
        'The lever (which turns. It is steel. As in FIG. 2 of it) is long. Then the pin is set. See e.g. Smith et al. The end of it all.',
      ),
    ).toEqual([
      'The lever (which turns. It is steel. As in FIG. 2 of it) is long.',
      'Then the pin is set.',
      'See e.g. Smith et al. The end of it all.',
    ])
    // One bracket left open joins every sentence after it: each is read once, not the whole again.
    expect(sentences(`(${'See it. Then '.repeat(20_000)}`)).toHaveLength(1)
  })
})
