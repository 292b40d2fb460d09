import { describe, expect, it } from 'vitest'
import { surfaceWords, termCounts, termsOf } from './terms'

describe('terms', () => {
  it('stems informative words and leaves out stopwords, lone letters and bare numbers', () => {
    expect(termsOf('The 3 batteries of a vehicle, and X')).toEqual(['batteri', 'vehicl'])
  })

  it('splits hyphenated words, so "crash-detection" meets "crash detection"', () => {
    expect(termsOf('crash-detection')).toEqual(termsOf('crash detection'))
    expect(termsOf('CO2 sensor')).toEqual(['co2', 'sensor'])
  })

  it('makes British and American spellings one term, by a word list rather than rules', () => {
    const british = 'colour fibre tyres aluminium analysed organising defence metres grey programme'
    const american = 'color fiber tires aluminum analyzed organizing defense meters gray program'
    expect(termsOf(british)).toEqual(termsOf(american))
    // The list's values that end in a space are read without it.
    expect(termsOf('practising fillets')).toEqual(termsOf('practicing filets'))
    // Words that merely look British are left alone: "genre" is no American "genr".
    expect(termsOf('genre ogre acre')).toEqual(['genr', 'ogr', 'acr'])
    // The text's own spelling is what it shows.
    expect(surfaceWords('The colour of the fibre').get(termsOf('color')[0] as string)).toBe('colour')
  })

  it('counts terms', () => {
    expect(termCounts('Levers and a lever')).toEqual(new Map([['lever', 2]]))
  })

  it('gives each term the word the text uses most for it, the shorter on a tie', () => {
    const words = surfaceWords('A battery. Two batteries. More batteries. A vehicle, vehicles.')
    expect(words.get('batteri')).toBe('batteries')
    expect(words.get('vehicl')).toBe('vehicle')
  })
})
