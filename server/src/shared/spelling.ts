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

/** Each American spelling's first British form (the list's pairs turned round), made on first use. */
let british: Map<string, string> | undefined

function britishSpelling(word: string) {
  british ??= new Map(
    Object.entries(american)
      .map(([uk, us]) => [us.trim(), uk] as const)
      .reverse(),
  )
  return british.get(word) ?? word
}

const LETTERS = /\p{L}+/gu

/**
 * A text as written, in American spelling and in British spelling, each word respelled where the list
 * knows it (case kept as typed for the rest): what the database's own search looks for, since its
 * vectors hold the words as the patents spell them ("colour" finds "color" too). One form when no word
 * has another.
 */
export function spellingsOf(text: string) {
  const respelled = (spell: (word: string) => string) =>
    text.replace(LETTERS, (word) => {
      const lower = word.toLowerCase()
      const other = spell(lower)
      return other === lower ? word : other
    })
  return [...new Set([text, respelled(americanSpelling), respelled(britishSpelling)])]
}
