import {
  analysisMessages,
  type CutOff,
  type FeatureMatch,
  type SearchReport,
} from '@patentdesk/contract/analysis'
import { claimParents } from './text'

/** A charted prior-art document: its dates and its column of the claim chart (one match per feature). */
export type ChartedDocument = {
  reference: string
  title: string
  filingDate: string | null
  publicationDate: string | null
  matches: FeatureMatch[]
}

type Claim = { number: number; independent: boolean; features: number[] }

/** The claim a feature belongs to, from its id ("1b", "12", "3.27"); descriptions' features ("F1") have none. */
const claimOfFeature = (id: string) => Number(/^(\d+)/.exec(id)?.[1] ?? Number.NaN)

/**
 * Each claim with its features: its own elements and those of every claim it depends on, as the claim is
 * read. Without numbered claims the features stand as one claim, numbered 1. A claim with no feature (past
 * the chart's limit) is left out.
 */
export function claimsOf(claims: string[], featureIds: string[]): Claim[] {
  if (claims.length === 0)
    return [{ number: 1, independent: true, features: featureIds.map((_, index) => index) }]
  const parents = claimParents(claims)
  const own = (number: number) =>
    featureIds.flatMap((id, index) => (claimOfFeature(id) === number ? [index] : []))
  const withAncestors = (number: number, seen = new Set<number>()): number[] => {
    if (seen.has(number)) return []
    seen.add(number)
    return [...own(number), ...(parents[number - 1] ?? []).flatMap((parent) => withAncestors(parent, seen))]
  }
  return claims
    .map((_, index) => ({
      number: index + 1,
      independent: (parents[index] ?? []).length === 0,
      features: [...new Set(withAncestors(index + 1))].sort((a, b) => a - b),
    }))
    .filter((claim) => claim.features.length > 0 && own(claim.number).length > 0)
}

const CATEGORIES = ['X', 'Y', 'A'] as const
type Category = (typeof CATEGORIES)[number]

/**
 * The search report, as the Intellectual Property Office writes one (Form 9A): per claim, a document that
 * alone holds every feature is X; where none does, two that together hold them all are Y, each naming the
 * other; a document that holds some is A. A document's line takes its strongest category and lists every
 * claim it is relevant to, with the passages that hold the features (verbatim, as charted).
 */
export function searchReportOf(
  cutOff: CutOff,
  claimTexts: string[],
  featureIds: string[],
  charted: ChartedDocument[],
): SearchReport {
  const claims = claimsOf(claimTexts, featureIds)
  const found = charted.map((doc) => new Set(doc.matches.flatMap((m, i) => (m.level === 'found' ? [i] : []))))
  const some = charted.map((doc) => new Set(doc.matches.flatMap((m, i) => (m.level === 'absent' ? [] : [i]))))
  const lines = charted.map(() => ({
    category: undefined as Category | undefined,
    claims: new Set<number>(),
    combinedWith: new Set<string>(),
  }))
  const cite = (d: number, claim: number, category: Category) => {
    const line = lines[d] as (typeof lines)[number]
    line.claims.add(claim)
    if (!line.category || CATEGORIES.indexOf(category) < CATEGORIES.indexOf(line.category))
      line.category = category
  }
  for (const claim of claims) {
    const holdsAll = (docs: number[]) => claim.features.every((f) => docs.some((d) => found[d]?.has(f)))
    const alone = charted.flatMap((_, d) => (holdsAll([d]) ? [d] : []))
    for (const d of alone) cite(d, claim.number, 'X')
    const paired = new Set<number>()
    if (alone.length === 0)
      for (let a = 0; a < charted.length; a++)
        for (let b = a + 1; b < charted.length; b++) {
          if (!holdsAll([a, b])) continue
          cite(a, claim.number, 'Y')
          cite(b, claim.number, 'Y')
          lines[a]?.combinedWith.add(charted[b]?.reference as string)
          lines[b]?.combinedWith.add(charted[a]?.reference as string)
          paired.add(a).add(b)
        }
    charted.forEach((_, d) => {
      if (!alone.includes(d) && !paired.has(d) && claim.features.some((f) => some[d]?.has(f)))
        cite(d, claim.number, 'A')
    })
  }
  const citations = charted.flatMap((doc, d) => {
    const line = lines[d]
    if (!line?.category) return []
    const relevant = new Set(claims.filter((c) => line.claims.has(c.number)).flatMap((c) => c.features))
    return [
      {
        reference: doc.reference,
        title: doc.title,
        category: line.category,
        claims: [...line.claims].sort((a, b) => a - b),
        combinedWith: [...line.combinedWith],
        passages: doc.matches.flatMap((match, i) =>
          relevant.has(i) && match.passage && match.location
            ? [{ featureId: featureIds[i] as string, text: match.passage, location: match.location }]
            : [],
        ),
        filingDate: doc.filingDate,
        publicationDate: doc.publicationDate,
        dateNote: doc.publicationDate ? null : analysisMessages.publicationUnknown(cutOff.date),
      },
    ]
  })
  citations.sort((a, b) => CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category))
  return {
    cutOff,
    claims: claims.map(({ number, independent }) => ({ number, independent })),
    citations,
  }
}
