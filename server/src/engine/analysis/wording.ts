/**
 * How the analysis words what it found: lists, quotes, growth, and which words are worth naming as
 * key terms or evidence. The index's stopword list leaves these in, since they still help ranking.
 */

/** A list as the house writes it: "a", "a and b", "a, b and c". */
export function listed(items: string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** Each item in double quotes, listed: `"about" and "substantially"`. */
export const quotedList = (items: string[]) => listed(items.map((item) => `"${item}"`))

/**
 * A word found in the text, quoted mid-sentence: lower-cased when only its first letter is a capital
 * (it began a sentence: "Software"), as written otherwise ("LED", "iOS").
 */
export const midSentence = (found: string) => (/^\p{Lu}\P{Lu}*$/u.test(found) ? found.toLowerCase() : found)

/** Words that name nothing of an invention: function words, patent boilerplate, number words, units. */
const NAMES_NOTHING = new Set(
  [
    // Function words the index keeps.
    'whose whom whereof wherein whereby wherefrom herein hereby thereof therein thereby therefrom thereto via upon within without onto along also',
    // Patent boilerplate.
    'fig figs figure figures drawing drawings claim claims claimed embodiment embodiments invention inventions example examples present according accordance comprising comprise comprises comprised include includes including having provided providing first second third fourth plurality respective respectively preferably preferred described shown disclosed disclosure',
    // Number words.
    'zero one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred hundreds thousand thousands million millions half single double',
    // Units and time.
    'mm cm km nm um µm mg kg ml mpa kpa gpa pa psi kn kw mw kv mv ma mah hz khz mhz ghz db wt ppm rpm cst cp min ms sec secs second seconds minute minutes hour hours day days week weeks month months year years',
  ]
    .join(' ')
    .split(' '),
)

/** Whether a word (lower-cased) is worth naming as a key term or as evidence of shared vocabulary. */
export const namesSomething = (word: string) => !NAMES_NOTHING.has(word.toLowerCase())

/**
 * The form a text writes each of its words in, by the lower-cased word, where that is not lower case:
 * "LED", "cSt", "MPa", and proper names ("Portland"). A capital only at the start of a sentence does
 * not count, nor does a word the text also writes in lower case.
 */
export function writtenForms(text: string) {
  const forms = new Map<string, string>()
  const lower = new Set<string>()
  for (const match of text.matchAll(/[\p{L}][\p{L}\p{N}]*/gu)) {
    const word = match[0]
    const key = word.toLowerCase()
    if (word === key) {
      lower.add(key)
      continue
    }
    // After a full stop, colon, paragraph number ("[0002] ") or list mark ("(a) "), or at a line's start.
    // A short window before the word, so a long document is not sliced once per word.
    const before = text.slice(Math.max(0, match.index - 20), match.index)
    const startsSentence = (match.index <= 20 && before.trim() === '') || endsSentence(before)
    const innerCapital = /\p{Lu}/u.test(word.slice(1))
    if (innerCapital || !startsSentence) forms.set(key, forms.get(key) ?? word)
  }
  for (const key of lower) forms.delete(key)
  return forms
}

/**
 * Whether a word after `before` starts a sentence: after a full stop, colon or closing bracket (and any
 * closing quotes) and a space, or at the start of a line. Read from the end, once: what
 * `/(?:[.!?:\])]["'”’]*\s+|\n\s*)$/` tells, without trying it from each space of `before`.
 */
function endsSentence(before: string) {
  const text = before.trimEnd()
  const space = before.slice(text.length)
  if (space.includes('\n')) return true
  let end = text.length
  while (end > 0 && `"'”’`.includes(text[end - 1] as string)) end--
  return space !== '' && end > 0 && '.!?:])'.includes(text[end - 1] as string)
}

/** "fell 20%" rather than "fell -20%", and "kept pace" rather than "grew 0%". */
export function growthReason(growth: number) {
  const change = Math.round((growth - 1) * 100)
  if (change === 0) return 'Activity kept pace with the corpus as a whole.'
  return `Activity ${change > 0 ? 'grew' : 'fell'} ${Math.abs(change).toLocaleString('en-GB')}% relative to the corpus as a whole.`
}
