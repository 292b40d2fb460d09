import { describe, expect, it } from 'vitest'
import { chartColumn } from './claim-chart'
import { claimFeatures } from './features'
import { type PatentText, parts, passagesOf, verbatim } from './passages'

const patent: PatentText = {
  reference: 'US1',
  title: 'Self-levelling tripod head',
  abstract: 'A tripod head holds a camera level.  A pendulum\nswings to the vertical.',
  claims: [
    'A tripod head comprising: a base plate; and a pendulum hung from the base plate, wherein the pendulum is damped by a fluid.',
    'The head of claim 1, wherein a friction clutch locks the pendulum.',
  ],
  description: [
    'FIELD OF THE INVENTION',
    'The invention relates to tripod heads.',
    'SUMMARY',
    '[0012] A viscous fluid held in a sealed chamber damps the pendulum. The clutch is released by a lever.',
  ].join('\n\n'),
}

describe('passages of a patent', () => {
  it('are its title, abstract sentences, claim elements and description sentences, each verbatim, with where it stands', () => {
    expect(passagesOf(patent)).toEqual([
      { text: 'Self-levelling tripod head', location: 'title' },
      { text: 'A tripod head holds a camera level.', location: 'abstract' },
      // As stored: the line break stays, so the quote is the stored text itself.
      { text: 'A pendulum\nswings to the vertical.', location: 'abstract' },
      { text: 'A tripod head', location: 'claim 1' },
      { text: 'a base plate', location: 'claim 1' },
      { text: 'a pendulum hung from the base plate', location: 'claim 1' },
      { text: 'the pendulum is damped by a fluid', location: 'claim 1' },
      { text: 'The head of claim 1', location: 'claim 2' },
      { text: 'a friction clutch locks the pendulum', location: 'claim 2' },
      // Headings are not paragraphs; a paragraph's own number names it.
      { text: 'The invention relates to tripod heads.', location: 'description ¶1' },
      { text: 'A viscous fluid held in a sealed chamber damps the pendulum.', location: 'description ¶12' },
      { text: 'The clutch is released by a lever.', location: 'description ¶12' },
    ])
  })

  it('are each a substring of the stored text, whatever its spacing', () => {
    const source = 'First  sentence here is\n\tlong enough.   Second one\r\nis also long.'
    const found = verbatim(source, ['First sentence here is long enough.', 'Second one is also long.'])
    expect(found).toEqual(['First  sentence here is\n\tlong enough.', 'Second one\r\nis also long.'])
    // A unit that is not in the source is left out rather than quoted as it is not written.
    expect(verbatim(source, ['Nowhere to be found'])).toEqual([])
  })

  it('quote a long sentence in parts that end at a comma or semicolon, every word kept', () => {
    const clause = (n: number) => `clause ${n} ${'word '.repeat(20).trim()}`
    const sentence = [1, 2, 3, 4].map(clause).join(', ')
    const pieces = parts(sentence, 50)
    expect(pieces).toEqual([`${clause(1)}, ${clause(2)},`, `${clause(3)}, ${clause(4)}`])
    for (const piece of pieces) expect(sentence).toContain(piece)
  })
})

describe('a column of the claim chart', () => {
  const weighed = (id: string, text: string, terms: Record<string, number>) => ({
    id,
    text,
    terms: new Map(Object.entries(terms)),
  })

  it('quotes for each feature the passage that holds most of its weighted terms, with its level', () => {
    const column = chartColumn(
      [
        weighed('1a', 'a pendulum damped by a viscous fluid', { pendulum: 2, damp: 1, viscou: 3, fluid: 1 }),
        weighed('1b', 'a lever releases the clutch', { lever: 2, releas: 1, clutch: 2 }),
        weighed('1c', 'a gyroscope senses the tilt', { gyroscop: 4, sens: 1, tilt: 2 }),
      ],
      patent,
    )
    expect(column).toEqual([
      {
        featureId: '1a',
        level: 'found',
        score: 100,
        passage: 'A viscous fluid held in a sealed chamber damps the pendulum.',
        location: 'description ¶12',
        sharedWords: ['viscous', 'fluid', 'damps', 'pendulum'],
      },
      {
        featureId: '1b',
        level: 'found',
        score: 100,
        passage: 'The clutch is released by a lever.',
        location: 'description ¶12',
        sharedWords: ['clutch', 'released', 'lever'],
      },
      // Nothing of it in any passage: absent, and nothing quoted.
      { featureId: '1c', level: 'absent', score: 0, passage: null, location: null, sharedWords: [] },
    ])
  })

  it('calls a feature partly found when its best passage holds half its weight, and prefers the shorter of equals', () => {
    const [match] = chartColumn(
      [weighed('1', 'a pendulum and a gyroscope', { pendulum: 1, gyroscop: 1 })],
      patent,
    )
    // Five passages hold "pendulum"; the claim element is the shortest.
    expect(match).toMatchObject({
      level: 'partly',
      score: 50,
      passage: 'the pendulum is damped by a fluid',
      location: 'claim 1',
    })
  })
})

describe('features of claims', () => {
  it('are numbered by claim and letter, a dependent claim without the words naming its parent', () => {
    expect(claimFeatures(patent.claims)).toEqual([
      { id: '1a', text: 'A tripod head' },
      { id: '1b', text: 'a base plate' },
      { id: '1c', text: 'a pendulum hung from the base plate' },
      { id: '1d', text: 'the pendulum is damped by a fluid' },
      { id: '2', text: 'a friction clutch locks the pendulum' },
    ])
  })
})
