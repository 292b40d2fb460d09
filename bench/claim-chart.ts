/**
 * The claim chart's quality on near copies (issue 26): each patent's first claim, numbered as an applicant
 * writes it, is analysed as the description. With the patent in the corpus, its own features should be
 * charted `found` or `partly` with a passage from it; with it deleted from the corpus, the share charted
 * `found` anywhere should fall sharply. Every passage of every charted patent is checked to be a verbatim
 * substring of the field of that patent its location names.
 */
import type { AnalysisResult, FeatureMatch } from '@patentdesk/contract/analysis'
import { inArray } from 'drizzle-orm'
import type { Database } from '~/db/database'
import { patents } from '~/db/schema'
import { analyzePatents, insertPatents } from '~/features/patents/corpus.repo'
import type { CorpusRow } from './corpus'

type Analyse = (invention: { title: string; description: string }) => Promise<AnalysisResult>

/** The invention of a near copy: the patent's first claim, numbered, so the engine reads it as a claim. */
export const nearCopy = (row: CorpusRow) => ({
  title: 'Invention',
  description: `1. ${row.claims?.[0] ?? ''}`,
})

/** Where a passage's location says it stands in a stored patent; undefined for a location it cannot name. */
function fieldOf(row: CorpusRow, location: string) {
  const claim = /^claim (\d+)$/.exec(location)
  if (claim) return row.claims?.[Number(claim[1]) - 1]
  if (location === 'title') return row.title
  if (location === 'abstract') return row.abstract ?? undefined
  if (/^description ¶\d+$/.test(location)) return row.description ?? undefined
  return undefined
}

/** The passages of an answer's chart that are not verbatim in the field their location names. */
export function unquoted(result: AnalysisResult, byReference: Map<string, CorpusRow>) {
  const wrong: string[] = []
  for (const patent of result.similarPatents.patents) {
    const row = byReference.get(patent.reference)
    for (const match of patent.featureMatches ?? []) {
      if (match.passage === null) continue
      const field = row && fieldOf(row, match.location ?? '')
      if (field === undefined || !field.includes(match.passage))
        wrong.push(`${patent.reference} ${match.location}: ${match.passage.slice(0, 60)}`)
    }
  }
  return wrong
}

/** Per near copy: its features, how many its own patent's column charts found or partly, and found alone. */
export type CopyCharted = { features: number; ownCharted: number; ownFound: number; anyFound: number }

export function charted(result: AnalysisResult, reference: string): CopyCharted {
  const features = result.analysis.features.length
  const columns = result.similarPatents.patents.filter((p) => p.featureMatches)
  const own: FeatureMatch[] = columns.find((p) => p.reference === reference)?.featureMatches ?? []
  const anyFound = result.analysis.features.filter((_, i) =>
    columns.some((p) => p.featureMatches?.[i]?.level === 'found'),
  ).length
  return {
    features,
    ownCharted: own.filter((m) => m.level !== 'absent').length,
    ownFound: own.filter((m) => m.level === 'found').length,
    anyFound,
  }
}

/** Each near copy analysed, its chart counted, and the passages of every chart checked. */
export async function chartCopies(
  targets: CorpusRow[],
  analyse: Analyse,
  byReference: Map<string, CorpusRow>,
) {
  const copies: CopyCharted[] = []
  const wrong: string[] = []
  let passages = 0
  for (const target of targets) {
    const result = await analyse(nearCopy(target))
    copies.push(charted(result, target.reference))
    wrong.push(...unquoted(result, byReference))
    for (const patent of result.similarPatents.patents)
      passages += (patent.featureMatches ?? []).filter((m) => m.passage !== null).length
  }
  return { copies, wrong, passages }
}

/** Deletes the targets from the corpus for `run`, and puts them back after it. */
export async function withoutPatents<T>(database: Database, targets: CorpusRow[], run: () => Promise<T>) {
  await database.db.delete(patents).where(
    inArray(
      patents.reference,
      targets.map((t) => t.reference),
    ),
  )
  await analyzePatents(database.db)
  try {
    return await run()
  } finally {
    for (let i = 0; i < targets.length; i += 500)
      await insertPatents(database.db, targets.slice(i, i + 500), 'skip')
    await analyzePatents(database.db)
  }
}
