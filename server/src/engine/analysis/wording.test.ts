import { describe, expect, it } from 'vitest'
import { growthReason, listed, midSentence, namesSomething, writtenForms } from './wording'

describe('wording', () => {
  it('lists the house way, without a serial comma', () => {
    expect([listed([]), listed(['a']), listed(['a', 'b']), listed(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ])
  })

  it('lower-cases a quoted word that only began a sentence, and keeps an abbreviation', () => {
    expect([midSentence('Software'), midSentence('LED'), midSentence('iOS'), midSentence('pricing')]).toEqual(
      ['software', 'LED', 'iOS', 'pricing'],
    )
  })

  it('words growth without a sign, and a change that rounds to nothing as keeping pace', () => {
    expect(growthReason(0.8)).toBe('Activity fell 20% relative to the corpus as a whole.')
    expect(growthReason(1.234)).toBe('Activity grew 23% relative to the corpus as a whole.')
    expect(growthReason(0.998)).toBe('Activity kept pace with the corpus as a whole.')
    expect(growthReason(21)).toBe('Activity grew 2,000% relative to the corpus as a whole.')
  })

  it('names no unit, number word or boilerplate as a key term', () => {
    expect(['whose', 'five', 'mm', 'MPa', 'fig', 'wherein', 'pendulum'].filter(namesSomething)).toEqual([
      'pendulum',
    ])
  })

  it('keeps the written form of abbreviations and names, not of a capital that starts a sentence', () => {
    const forms = writtenForms(
      'Software sets an LED to 45 MPa. The cement is Portland cement.\n\nPendulum swings. A pendulum hangs.',
    )
    expect(Object.fromEntries(forms)).toEqual({ led: 'LED', mpa: 'MPa', portland: 'Portland' })
  })
})
