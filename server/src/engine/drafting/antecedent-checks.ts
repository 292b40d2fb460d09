import { antecedentGaps } from '../analysis/antecedent'
import { stem } from '../analysis/text'
import type { Claim } from './claim-checks'
import { type Finding, finding, placeOf, quoted } from './finding'

/** "a lever", "an arm", "a unit": by the first letter, which is enough for the nouns of claims. */
const withArticle = (phrase: string) =>
  `${/^(?!uni|us[aeiou]|eu|one)[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`

/** How to introduce an element: "a lever", or for several "levers" (or "a plurality of levers"). */
const introduction = (element: string) =>
  element.endsWith('s') && stem(element) !== element
    ? `"${element}" (or "a plurality of ${element}")`
    : `"${withArticle(element)}"`

/** An element's name in lower case, unless it is an abbreviation ("FIFO"). */
const asNamed = (element: string) => (element === element.toUpperCase() ? element : element.toLowerCase())

/** "said lever" or "the lever" with no "a lever" before it in the claim or up its chain of dependencies. */
export function antecedentChecks(claims: Claim[]): Finding[] {
  return antecedentGaps(claims.map((claim) => claim.text)).flatMap((gaps, index) =>
    gaps.map((gap) =>
      finding({
        code: 'antecedent-basis',
        field: 'claims',
        claim: index + 1,
        message: `${quoted(gap.phrase)} in claim ${index + 1} has no antecedent: introduce it first as ${introduction(asNamed(gap.element))}.`,
        place: placeOf(claims[index]?.text ?? '', gap.start, gap.end),
      }),
    ),
  )
}
