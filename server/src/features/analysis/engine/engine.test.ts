import { describe, expect, it } from 'vitest'
import { analyzeInvention, type Corpus } from './engine'

/**
 * A corpus that knows no prior art, so every feature is uncovered and the innovations are the first
 * three features; a word of eight letters or more stands for a term rare in it (a specialist term).
 */
const corpus: Corpus = {
  async weigh(text) {
    const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? []
    return {
      weights: new Map(words.map((w) => [w, w.length >= 8 ? 3 : 1])),
      words: new Map(words.map((w) => [w, w])),
      terms: new Map(words.map((w) => [w, w])),
      corpusSize: 1000,
    }
  },
  similar: async () => ({ considered: 0, ranked: [] }),
  activity: async () => ({ related: [], all: [] }),
}

const title = 'Self-levelling tripod head'

describe('innovations', () => {
  it('are whole claim elements: a claim is never cut inside a phrase', async () => {
    const result = await analyzeInvention(
      {
        title,
        description: 'A tripod head holds a camera level on uneven ground.',
        claims: [
          'A tripod head for a camera, comprising: a base plate with a threaded socket; a pendulum hung from the ' +
            'base plate between a first bearing and a second bearing; and a friction clutch that locks the ' +
            'pendulum to the base plate, wherein the pendulum is damped by a viscous fluid held in a sealed chamber.',
          'The tripod head of claim 1, wherein the clutch is released by a lever.',
        ],
      },
      corpus,
    )
    expect(result.explanation.features.map((f) => f.text)).toEqual([
      'A tripod head for a camera',
      'a base plate with a threaded socket',
      'a pendulum hung from the base plate between a first bearing and a second bearing',
      'a friction clutch that locks the pendulum to the base plate',
      'the pendulum is damped by a viscous fluid held in a sealed chamber',
      'The tripod head of claim 1, wherein the clutch is released by a lever.',
    ])
    expect(result.analysis.innovations).toEqual([
      'A tripod head for a camera',
      'a base plate with a threaded socket',
      'a pendulum hung from the base plate between a first bearing and a second bearing',
    ])
  })

  it('are whole sentences of the description; a long one is cut only at a clause, and says so', async () => {
    const long =
      'In the tripod head of the invention, a pendulum hung between two bearings swings to the vertical under its ' +
      'own weight when the head is set down on uneven ground, a viscous fluid held in a sealed chamber around the ' +
      'bearings damps its swing so that it settles within a second, a friction clutch driven by a small spring then ' +
      'locks the pendulum to the base plate, and the camera, which is carried on the pendulum, stays level however ' +
      'the legs of the tripod are set.'
    const input = [
      'FIELD OF THE INVENTION',
      '[0001] The invention relates to tripod heads for cameras of the kind shown in U.S. Pat. No. 5,000,000 and\nin FIG. 1 of the drawings.',
      `[0002] ${long}`,
      '[0003] The clutch is released by a lever on the side of the base plate.',
    ].join('\n\n')
    const { innovations } = (await analyzeInvention({ title, description: input }, corpus)).analysis
    const wholeSentences = [
      'The invention relates to tripod heads for cameras of the kind shown in U.S. Pat. No. 5,000,000 and in FIG. 1 of the drawings.',
      long,
      'The clutch is released by a lever on the side of the base plate.',
    ]
    expect(innovations).toHaveLength(3)
    for (const innovation of innovations) {
      const cut = innovation.endsWith('…') ? innovation.slice(0, -1) : undefined
      const whole = wholeSentences.includes(innovation)
      const atClause =
        cut !== undefined && wholeSentences.some((s) => s.startsWith(`${cut},`) || s.startsWith(`${cut};`))
      expect(whole || atClause, innovation).toBe(true)
    }
    expect(innovations).toContain(
      'In the tripod head of the invention, a pendulum hung between two bearings swings to the vertical under its ' +
        'own weight when the head is set down on uneven ground, a viscous fluid held in a sealed chamber around the ' +
        'bearings damps its swing so that it settles within a second…',
    )
  })
})

describe('counts in the analysis text', () => {
  it('count the words of the description alone, not of the claims written in it, as a reader counts them', async () => {
    const result = await analyzeInvention(
      {
        title,
        abstract: 'An abstract of nine words that is not counted.',
        description:
          'A levelling tripod head holds a 2 kg camera level on uneven ground.\n\nClaims\n' +
          '1. A tripod head comprising a pendulum.\n2. The tripod head of claim 1, wherein the pendulum is damped.',
      },
      corpus,
    )
    // 13 words in the description; 6 + 11 in the claims ("claim 1" is two words).
    expect(result.analysis.risksAndChallenges).toContain(
      'The description may be too thin to support the claims: It has 13 words for 17 words of claims; ' +
        'the description must enable a skilled person to carry out the invention (s.14(3)).',
    )
    expect(result.analysis.risksAndChallenges).toContain(
      'Claim 1 may be too broad: An independent claim of 6 words is likely to read on existing prior art; ' +
        'add the features that make it new.',
    )
    // "levelling" is the description's one rare word; the claims' "comprising" and "pendulum" are not its words.
    expect(result.explanation.technicalComplexity.reasons[0]).toBe(
      '1 specialist term (rare in the corpus) in 13 words: 7.7 per 100 words.',
    )
    expect(result.explanation.technicalComplexity.reasons[1]).toMatch(/ across 2 claims\.$/)
  })
})
