import { describe, expect, it } from 'vitest'
import {
  antecedentRisks,
  broadClaimRisks,
  excludedMatterRisks,
  thinDescriptionRisk,
  vagueTermRisks,
  vagueTerms,
} from './checks'

describe('engine checks', () => {
  it('flags s.1(2) categories with what was found, and leaves mechanical inventions alone', () => {
    const risks = excludedMatterRisks('A computer program that sets insurance pricing.')
    expect(risks.map((r) => r.risk)).toEqual([
      'May be excluded from patentability as a computer program as such (s.1(2) Patents Act 1977)',
      'May be excluded from patentability as a method of doing business (s.1(2) Patents Act 1977)',
    ])
    expect(risks[0]?.reason).toContain('"computer program"')
    expect(excludedMatterRisks('A tripod head with a pendulum and a friction clutch.')).toEqual([])
  })

  it('flags vague terms per claim', () => {
    const risks = vagueTermRisks(['A plate about 2 mm thick.', 'A plate of 2 mm.'])
    expect(risks).toHaveLength(1)
    expect(risks[0]).toMatchObject({ risk: 'Claim 1 uses relative or vague terms' })
    expect(risks[0]?.reason).toBe(
      '"about" and "thick" leave the scope unclear; state a measurable limit instead.',
    )
  })

  it('words a single vague term, and a word that began a sentence, as a sentence reads', () => {
    expect(vagueTermRisks(['A plate of substantially 2 mm.'])[0]?.reason).toBe(
      '"substantially" leaves the scope unclear; state a measurable limit instead.',
    )
    expect(vagueTermRisks(['A plate, preferably thin, of small size.'])[0]?.reason).toBe(
      '"thin", "small" and "preferably" leave the scope unclear; state a measurable limit instead.',
    )
    expect(excludedMatterRisks('Software sets the price.')[0]?.reason).toBe(
      'The text mentions "software"; protection needs a technical contribution beyond a computer program as such.',
    )
    expect(excludedMatterRisks('A GUI dashboard.')[0]?.reason).toContain('"dashboard"')
  })

  it('finds each vague term with its offsets; "about" only before a quantity', () => {
    expect(vagueTerms('Preferably about 2 mm, such\nas steel, and preferably thin.')).toEqual([
      { term: 'preferably', start: 0, end: 10 },
      { term: 'about', start: 11, end: 16 },
      { term: 'such as', start: 23, end: 30 },
      { term: 'preferably', start: 42, end: 52 },
      { term: 'thin', start: 53, end: 57 },
    ])
    expect(vagueTerms('A lever that pivots about an axis.')).toEqual([])
  })

  it('checks antecedent basis through the claims a claim depends on', () => {
    const claims = [
      'A head comprising a lever.',
      'The head of claim 1, wherein said lever engages said clutch.',
    ]
    expect(antecedentRisks(claims).map((r) => r.reason)).toEqual([
      '"said clutch" refers to an element not introduced earlier with "a" or "an".',
    ])
    expect(
      antecedentRisks([...claims, 'The head of claim 1, wherein the spring and the cam are steel.'])[1]
        ?.reason,
    ).toBe('"the spring" and "the cam" refer to elements not introduced earlier with "a" or "an".')
  })

  it('flags a short independent claim as broad, not a dependent one', () => {
    expect(
      broadClaimRisks([
        'A device comprising a sensor.',
        'The device of claim 1 with a lid.',
        'The device of any preceding claim, red.',
      ]),
    ).toHaveLength(1)
  })

  it('flags a description too thin for its claims', () => {
    expect(thinDescriptionRisk('Short text.', ['A long claim with many words in it.'])).toHaveLength(1)
    expect(thinDescriptionRisk('word '.repeat(400), ['A claim.'])).toEqual([])
  })

  it('says a description without claims is thin for enabling the invention, not "for 0 words of claims"', () => {
    expect(thinDescriptionRisk('An umbrella whose shaft holds a lamp.', [])).toEqual([
      {
        kind: 'thin-description',
        risk: 'The description may be too thin to enable the invention',
        reason:
          'It has 7 words; the description must enable a skilled person to carry out the invention (s.14(3)).',
      },
    ])
  })
})
