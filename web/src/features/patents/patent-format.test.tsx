import { describe, expect, it } from 'vitest'
import { languageName, publicationLanguages } from './patent-format'

describe('language names', () => {
  // Intl is the oracle: the table exists only to name these without starting Intl in the browser.
  const intl = new Intl.DisplayNames(['en'], { type: 'language' })

  it('names each publication language as Intl does, in either case', () => {
    for (const [code, name] of Object.entries(publicationLanguages)) {
      expect(name, code).toBe(intl.of(code))
      expect(languageName(code.toUpperCase())).toBe(name)
    }
  })

  it('asks Intl for any other code, and keeps one nobody knows as it is', () => {
    expect(languageName('cy')).toBe('Welsh')
    expect(languageName('en-GB')).toBe(intl.of('en-GB'))
    expect(languageName('not a code')).toBe('not a code')
  })
})
