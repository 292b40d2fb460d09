import { describe, expect, it } from 'vitest'
import { spellingsOf } from './spelling'

describe('spellingsOf', () => {
  it('gives a text as written, in American and in British spelling', () => {
    expect(spellingsOf('colour')).toEqual(['colour', 'color'])
    expect(spellingsOf('color')).toEqual(['color', 'colour'])
    // A British text's British form is itself.
    expect(spellingsOf('"Aluminium tyre"')).toEqual(['"Aluminium tyre"', '"aluminum tire"'])
    // Both ways in one text, and the words the list does not hold as typed.
    expect(spellingsOf('fibre analyze')).toEqual(['fibre analyze', 'fiber analyze', 'fibre analyse'])
    expect(spellingsOf('Hinge-lock')).toEqual(['Hinge-lock'])
    expect(spellingsOf('genre')).toEqual(['genre'])
  })
})
