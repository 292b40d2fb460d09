import spelling from 'american-english'

/**
 * British spellings and their American forms (colour/color, tyre/tire, aluminium/aluminum, -ise/-ize,
 * -yse/-yze, -our/-or, -tre/-ter, -ence/-ense: 1,738 pairs), from the `american-english` package, a word
 * list made for the job (the UK–US spelling list of tysto.com), not rules guessed here: "programme" and
 * "program", "metre" and "meter" are pairs, "genre" and "ogre" are not.
 */
const american = spelling.us_spelling

/**
 * A lower-cased word in its American spelling, where the list knows a British one; else itself. Sixteen of
 * the list's values end in a space ("practising" → "practicing "): trimmed, or they would be a third term.
 */
export function americanSpelling(word: string) {
  return Object.hasOwn(american, word) ? (american[word] as string).trim() : word
}
