import type { ClaimRange, ClaimReference } from '../analysis/text'
import { type Finding, finding, isBlank, placeOf, quoted } from './finding'

/** A claim as the checks read it: its text, its number (1-based) and the claims it refers to. */
export type Claim = { text: string; number: number; references: ClaimReference[] }

/** A number typed at the start of a claim: "3. A device", "3) A device", "Claim 3: A device". */
export const LEADING_NUMBER = /^\s*(?:claim\s+)?(\d{1,4})\s*[.):](?!\d)/i

/** "claim 4" or "claims 4 to 6". */
const describeRange = ({ from, to }: ClaimRange) =>
  from === to ? `claim ${from}` : `claims ${from} to ${to}`

/** What is wrong with a reference in claim `number` of `count`, in words, or null when it is valid. */
function referenceProblem(ranges: ClaimRange[], number: number, count: number) {
  const parts = ranges.flatMap(({ from, to }) => {
    const clip = (low: number, high: number) => ({ from: Math.max(from, low), to: Math.min(to, high) })
    const missing = [clip(-Infinity, 0), clip(count + 1, Infinity)].filter((r) => r.from <= r.to)
    const later = clip(number + 1, count)
    return [
      ...(from <= number && number <= to ? ['to itself'] : []),
      ...(later.from <= later.to ? [`to later ${describeRange(later)}`] : []),
      ...missing.map((r) => `to ${describeRange(r)}, which ${r.from === r.to ? 'does' : 'do'} not exist`),
    ]
  })
  if (parts.length === 0) return null
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

/** A number typed at the start of the claim: a hint when it is the claim's own, an error otherwise. */
function typedNumber(text: string, number: number): Finding[] {
  const leading = LEADING_NUMBER.exec(text)
  if (!leading) return []
  const typed = leading[1]
  const place = placeOf(text, leading[0].length - leading[0].trimStart().length, leading[0].length)
  const own = Number(typed) === number
  return [
    finding({
      code: 'claim-numbering',
      field: 'claims',
      claim: number,
      message: own
        ? `Claim ${number} starts with its own number; claims are numbered automatically, so remove it to avoid numbering the claim twice.`
        : `Claim ${number} starts with the number ${typed}, but claims are numbered by their position, so this is claim ${number}. Remove the number, or move the text to claim ${typed}.`,
      place,
      severity: own ? 'hint' : undefined,
    }),
  ]
}

/** Empty claims between written ones, numbers typed into claims, and a first claim that is dependent. */
export function numberingChecks(claims: Claim[]): Finding[] {
  const lastWritten = claims.findLastIndex((claim) => !isBlank(claim.text))
  return claims.flatMap(({ text, number, references }, index) => {
    if (isBlank(text)) {
      if (index > lastWritten) return []
      return [
        finding({
          code: 'claim-numbering',
          field: 'claims',
          claim: number,
          message: `Claim ${number} is empty. Write it or delete it; if you delete it, the claims after it move up by one, so check the references to them.`,
        }),
      ]
    }
    const typed = typedNumber(text, number)
    // The first claim has no earlier claim to refer to: any reference makes it dependent.
    const dependentFirst =
      number === 1
        ? references.map((reference) => {
            const place = placeOf(text, reference.start, reference.end)
            return finding({
              code: 'claim-numbering',
              field: 'claims',
              claim: number,
              message: `${quoted(place.excerpt)} in claim 1: the first claim must be an independent claim, so it cannot refer to another claim. State its features in full.`,
              place,
            })
          })
        : []
    return [...typed, ...dependentFirst]
  })
}

/** References to the claim itself, to later claims or to claims that do not exist. */
export function dependencyChecks(claims: Claim[]): Finding[] {
  return claims.flatMap(({ text, number, references }) =>
    // Claim 1's references are reported once, as a numbering error.
    number === 1
      ? []
      : references.flatMap((reference) => {
          const problem = referenceProblem(reference.ranges, number, claims.length)
          if (!problem) return []
          const place = placeOf(text, reference.start, reference.end)
          return [
            finding({
              code: 'claim-dependency',
              field: 'claims',
              claim: number,
              message: `${quoted(place.excerpt)} in claim ${number} refers ${problem}; a claim may refer only to claims before it.`,
              place,
            }),
          ]
        }),
  )
}
