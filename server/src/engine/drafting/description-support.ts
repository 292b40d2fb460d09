import { type NounPhrase, namesElement, nounPhrases, type Token } from '../analysis/antecedent'
import { stem } from '../analysis/text'
import type { Claim } from './claim-checks'
import { contentStems, STOP_WORDS } from './content-stems'
import { type Finding, finding, isBlank, placeOf, quoted } from './finding'

/** Words that name no element of their own ("a first lever", "in a detachable manner"). */
const NOT_SUPPORT_WORDS = new Set([
  'fourth',
  'fifth',
  'further',
  'additional',
  'single',
  'respective',
  'means',
  'manner',
  'way',
])
const PREPOSITIONS = new Set(
  'about above across against along around round below beneath between beyond into onto over through toward towards under upon via within without so such than then thereby therein thereof'.split(
    ' ',
  ),
)
/** Irregular past participles, which the "-ed" rule misses ("a pendulum hung from the plate" is a pendulum). */
const PARTICIPLES = new Set([
  'hung',
  'bound',
  'wound',
  'spun',
  'sewn',
  'woven',
  'laid',
  'fed',
  'kept',
  'sunk',
  'made',
  'held',
  'built',
  'bent',
  'worn',
  'shown',
  'given',
  'known',
  'driven',
  'drawn',
])
const LY_NOUNS = /(?:assembly|supply|family|anomaly|jelly|belly)$/

/**
 * The element an "a"/"an" phrase names: the phrase without the words that say what the element does
 * or how it compares ("a pendulum hanging below" is a pendulum, "an angle less than" an angle). An
 * "-ing" or "-able" word goes only when a word follows it, so that "a coil spring," stays whole.
 */
function elementOf({ words: phrase, next }: NounPhrase): Token[] {
  const kept = [...phrase]
  while (kept.length > 1) {
    const word = (kept.at(-1) as Token).word
    const after = kept.length < phrase.length ? phrase[kept.length] : next
    const followed = after !== undefined && /^[a-z]/.test(after.word) && !/^(?:and|or)$/.test(after.word)
    const describes =
      after?.word === 'than' ||
      PREPOSITIONS.has(word) ||
      PARTICIPLES.has(word) ||
      (word.endsWith('ly') && !LY_NOUNS.test(word)) ||
      /^.{3,}[^e]ed$/.test(word) ||
      (followed && /(?:ing|able|ible)$/.test(word))
    if (!describes) break
    kept.pop()
  }
  return kept
}

const isSupportWord = (word: string) =>
  word.length > 2 && namesElement(word) && !NOT_SUPPORT_WORDS.has(word) && !STOP_WORDS.has(word)

/**
 * Elements the claims introduce ("a damping member") whose head word ("member") the description never
 * uses, in any form. Each is reported once, on the claim that introduces it first: the applicant sees
 * the term there, and can either describe it or use the description's own term.
 */
export function descriptionSupport(claims: Claim[], description: string): Finding[] {
  if (isBlank(description)) return []
  const described = contentStems(description)
  const isDescribed = (word: string) =>
    described.has(stem(word)) ||
    (word.includes('-') && word.split('-').every((part) => described.has(stem(part))))
  const checked = new Set<string>()
  return claims.flatMap(({ text, number }) =>
    nounPhrases(text).flatMap((phrase) => {
      if (phrase.determiner.word !== 'a' && phrase.determiner.word !== 'an') return []
      const element = elementOf(phrase)
      const head = element.findLast((token) => isSupportWord(token.word))
      if (!head) return []
      const key = stem(head.word)
      if (checked.has(key)) return []
      checked.add(key)
      if (isDescribed(head.word)) return []
      const place = placeOf(text, (element[0] as Token).start, (element.at(-1) as Token).end)
      return [
        finding({
          code: 'description-support',
          field: 'claims',
          claim: number,
          message: `${quoted(place.excerpt)} in claim ${number} is not mentioned in the description; describe it there, or use the description's own term in the claim.`,
          place,
          key,
        }),
      ]
    }),
  )
}
