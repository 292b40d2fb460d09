import {
  type DraftingIssue,
  type DraftText,
  draftingCodes,
  draftingFields,
} from '@patentdesk/contract/drafting'
import { claimReferences } from '../analysis/text'
import { abstractChecks } from './abstract-checks'
import { antecedentChecks } from './antecedent-checks'
import { type Claim, dependencyChecks, numberingChecks } from './claim-checks'
import { wordingChecks } from './claim-wording-checks'
import { descriptionSupport } from './description-support'
import { type Finding, isBlank } from './finding'
import { titleChecks } from './title-checks'
import { unityCheck } from './unity-check'

function claimChecks(claims: Claim[]): Finding[] {
  if (claims.every((claim) => isBlank(claim.text))) return []
  return [
    ...numberingChecks(claims),
    ...dependencyChecks(claims),
    ...antecedentChecks(claims),
    ...claims.flatMap(wordingChecks),
    ...unityCheck(claims),
  ]
}

const rank = <T>(list: readonly T[], value: T) => list.indexOf(value)

/** Ids from the problem and the words concerned, numbered when the same words recur in one place. */
function withIds(findings: Finding[]): DraftingIssue[] {
  const seen = new Map<string, number>()
  return findings.map(({ key, ...issue }) => {
    const base = `${issue.code}:${issue.field}:${issue.claim ?? ''}:${key ?? issue.excerpt?.toLowerCase() ?? ''}`
    const occurrence = seen.get(base) ?? 0
    seen.set(base, occurrence + 1)
    return { id: `${base}:${occurrence}`, ...issue }
  })
}

/**
 * The problems of a draft as it is being written, each linked to its place, in reading order: title,
 * abstract, description, claims; within the claims by claim, then by position. Empty fields raise none.
 * Each family of checks has its own file in this folder; `finding()` (finding.ts) gives each its rule.
 */
export function draftingChecks(text: DraftText): DraftingIssue[] {
  const claims = text.claims.map((claim, index) => ({
    text: claim,
    number: index + 1,
    references: claimReferences(claim, index + 1),
  }))
  const findings = [
    ...titleChecks(text.title),
    ...abstractChecks(text.abstract, text.title),
    ...claimChecks(claims),
    ...descriptionSupport(claims, text.description),
  ].sort(
    (a, b) =>
      rank(draftingFields, a.field) - rank(draftingFields, b.field) ||
      (a.claim ?? 0) - (b.claim ?? 0) ||
      (a.start ?? -1) - (b.start ?? -1) ||
      rank(draftingCodes, a.code) - rank(draftingCodes, b.code),
  )
  return withIds(findings)
}
