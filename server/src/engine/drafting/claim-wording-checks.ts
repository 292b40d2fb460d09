import { vagueTerms } from '../analysis/checks'
import type { Claim } from './claim-checks'
import { type Finding, finding, matchesOf, type Place, placeOf, quoted } from './finding'

const REFERENCE_TARGET = String.raw`(?:fig(?:ure)?s?\.?\s*\d+[a-z]?|(?:the\s+)?(?:accompanying\s+)?drawings?|(?:the\s+)?(?:description|specification|examples?(?:\s+\d+)?))`
/** Wording that makes a claim rely on the description or drawings; reference signs such as "(12)" are fine. */
const REFERENCE_TO_DESCRIPTION = new RegExp(
  String.raw`\b(?:(?:substantially\s+)?as\s+(?:herein(?:before|after|above)?\s+)?(?:described|shown|illustrated|depicted)(?:\s+(?:in|with\s+reference\s+to|by)\s+${REFERENCE_TARGET})?|(?:with\s+)?reference\s+to\s+${REFERENCE_TARGET}|(?:see\s+)?fig(?:ure)?s?\.?\s*\d+[a-z]?|the\s+(?:accompanying\s+)?drawings\b|the\s+(?:description|specification)\b)`,
  'gi',
)

/** Relative or vague terms in a claim, and wording that relies on the description or drawings. */
export function wordingChecks({ text, number }: Claim): Finding[] {
  const relied = matchesOf(text, REFERENCE_TO_DESCRIPTION)
  // "substantially as hereinbefore described" is one problem, reported as the reference it is.
  const inReference = within(relied)
  const vague = vagueTerms(text)
    .filter(({ start }) => !inReference(start))
    .map(({ start, end }) => {
      const place = placeOf(text, start, end)
      return finding({
        code: 'vague-term',
        field: 'claims',
        claim: number,
        message: `${quoted(place.excerpt)} in claim ${number} is a relative or vague term that leaves the scope of the claim unclear; state a measurable limit or a definite feature instead.`,
        place,
      })
    })
  const references = relied.map((place) =>
    finding({
      code: 'reference-to-description',
      field: 'claims',
      claim: number,
      message: `${quoted(place.excerpt)} in claim ${number} relies on the description or drawings; state the feature in the claim itself (reference signs in brackets, such as "(12)", are fine).`,
      place,
    }),
  )
  return [...vague, ...references]
}

/**
 * Whether an offset, asked in increasing order, falls inside one of `places` (in text order, apart): one
 * pass over both, where asking each place for each offset took time in their product.
 */
function within(places: Place[]) {
  let next = 0
  return (offset: number) => {
    while (next < places.length && (places[next] as Place).end <= offset) next++
    const place = places[next]
    return place !== undefined && place.start <= offset
  }
}
