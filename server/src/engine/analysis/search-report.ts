import {
  analysisMessages,
  type CutOff,
  type FeatureMatch,
  type SearchReport,
} from '@patentdesk/contract/analysis'
import { claimParents } from './text'

/**
 * A charted prior-art document: its dates, its column of the claim chart (one match per feature) and the
 * members of its family the search found and left out.
 */
export type ChartedDocument = {
  reference: string
  title: string
  filingDate: string | null
  priorityDate: string | null
  publicationDate: string | null
  matches: FeatureMatch[]
  family: string[]
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

/** The order of the report's lines, and of a document's categories when it has several: the strongest first. */
const CATEGORIES = ['X', 'Y', 'E', 'P', 'A'] as const
type Category = (typeof CATEGORIES)[number]

/**
 * Where a document's dates place it (EPO Guidelines B-X, 9.2): made public before the date that counts,
 * prior art for its content (no category of its own); between the priority date and the filing date, P;
 * filed (or with a priority) before the filing date and made public on or after it, E; filed on or after the
 * filing date, not cited (undefined). An unknown publication date is never assumed: it comes no earlier
 * than the filing, and the note says what must be checked.
 */
export function placeOf(
  doc: Pick<ChartedDocument, 'filingDate' | 'priorityDate' | 'publicationDate'>,
  cutOff: CutOff,
): { category?: 'E' | 'P'; note: string | null } | undefined {
  const filing = cutOff.filingDate ?? cutOff.date
  const earliest = [doc.priorityDate, doc.filingDate].filter((date) => date != null).sort()[0]
  if (earliest && earliest >= filing) return undefined
  const published = doc.publicationDate
  if (published) {
    if (published < cutOff.date) return { note: null }
    return { category: published < filing ? 'P' : 'E', note: null }
  }
  const filed = doc.filingDate
  if (!filed || filed < cutOff.date) return { note: analysisMessages.publicationUnknown(cutOff.date) }
  if (filed < filing) return { category: 'P', note: analysisMessages.publicationUnknownBetween(filing) }
  return { category: 'E', note: null }
}

/**
 * The search report, as the Intellectual Property Office writes one (Form 9A). Of the documents made public
 * before the date that counts, per claim: one that alone holds every feature is X; where none does, two
 * that together hold them all are Y, each naming the other; one that holds some is A. An E document (novelty
 * only) is cited for the claims it holds every feature of; a P document for those it holds some of (it is
 * prior art if the priority is not valid). A document's line takes its strongest category and lists every
 * claim it is relevant to, with the passages that hold the features (verbatim, as charted). A feature with
 * no term the index weighs (common words alone, "A networked computer system", or numbers, "n is 0, 1 or 2")
 * no passage can be shown to hold: it decides nothing, unless the claim has no other.
 */
export function searchReportOf(
  cutOff: CutOff,
  claimTexts: string[],
  features: { id: string; weight: number }[],
  charted: ChartedDocument[],
): SearchReport {
  const featureIds = features.map((f) => f.id)
  const claims = claimsOf(claimTexts, featureIds).map((claim) => {
    const weighed = claim.features.filter((f) => (features[f]?.weight ?? 0) > 0)
    return { ...claim, deciding: weighed.length > 0 ? weighed : claim.features }
  })
  const places = charted.map((doc) => placeOf(doc, cutOff))
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
  // What came before the date that counts is read for its content; E and P documents only for their own.
  const prior = charted.flatMap((_, d) => (places[d] && !places[d].category ? [d] : []))
  for (const claim of claims) {
    const holdsAll = (docs: number[]) => claim.deciding.every((f) => docs.some((d) => found[d]?.has(f)))
    const holdsSome = (d: number) => claim.deciding.some((f) => some[d]?.has(f))
    const alone = prior.filter((d) => holdsAll([d]))
    for (const d of alone) cite(d, claim.number, 'X')
    const paired = new Set<number>()
    if (alone.length === 0)
      prior.forEach((a, i) => {
        for (const b of prior.slice(i + 1)) {
          if (!holdsAll([a, b])) continue
          cite(a, claim.number, 'Y')
          cite(b, claim.number, 'Y')
          lines[a]?.combinedWith.add(charted[b]?.reference as string)
          lines[b]?.combinedWith.add(charted[a]?.reference as string)
          paired.add(a).add(b)
        }
      })
    for (const d of prior)
      if (!alone.includes(d) && !paired.has(d) && holdsSome(d)) cite(d, claim.number, 'A')
    places.forEach((place, d) => {
      const category = place?.category
      if ((category === 'E' && holdsAll([d])) || (category === 'P' && holdsSome(d)))
        cite(d, claim.number, category)
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
        family: doc.family,
        passages: doc.matches.flatMap((match, i) =>
          relevant.has(i) && match.passage && match.location
            ? [{ featureId: featureIds[i] as string, text: match.passage, location: match.location }]
            : [],
        ),
        filingDate: doc.filingDate,
        publicationDate: doc.publicationDate,
        dateNote: places[d]?.note ?? null,
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
