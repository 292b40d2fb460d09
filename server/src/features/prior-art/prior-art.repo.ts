import { asc, eq, gt, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client'
import { corpusState, PATENTS_CHANGED, patents } from '~/db/schema'
import type { IndexedPatent } from './index-worker'

const indexedColumns = {
  reference: patents.reference,
  title: patents.title,
  abstract: patents.abstract,
  claims: patents.claims,
  description: patents.description,
}

type IndexedRow = {
  reference: string
  title: string
  abstract: string | null
  claims: string[]
  description: string | null
}

const indexed = (row: IndexedRow): IndexedPatent => ({
  reference: row.reference,
  texts: {
    title: row.title,
    abstract: row.abstract ?? '',
    claims: row.claims.join('\n'),
    description: row.description ?? '',
  },
})

/** Every patent's indexed texts, `batch` at a time in reference order (keyset paging: each page is cheap). */
export async function* patentTexts(db: Db, batch: number): AsyncGenerator<IndexedPatent[]> {
  let after = ''
  for (;;) {
    const rows = await db
      .select(indexedColumns)
      .from(patents)
      .where(gt(patents.reference, after))
      .orderBy(asc(patents.reference))
      .limit(batch)
    if (rows.length === 0) return
    yield rows.map(indexed)
    after = (rows.at(-1) as IndexedRow).reference
  }
}

/** Candidates' indexed texts, for the reranker, and what the analysis shows of them; in no particular order. */
export async function findCandidates(db: Db, references: string[]) {
  if (references.length === 0) return []
  const rows = await db
    .select({
      ...indexedColumns,
      applicants: patents.applicants,
      filingDate: patents.filingDate,
      family: patents.family,
    })
    .from(patents)
    .where(inArray(patents.reference, references))
  return rows.map((row) => ({
    ...indexed(row),
    summary: {
      reference: row.reference,
      title: row.title,
      abstract: row.abstract,
      applicants: row.applicants,
      filingDate: row.filingDate,
      family: row.family.map((member) => member.reference),
    },
  }))
}

/**
 * When the patents last changed: every load and import ends in analyzePatents, which records it, and the
 * server writes patents nowhere else. Cheap enough to ask once a minute.
 */
export async function corpusVersion(db: Db) {
  const [row] = await db
    .select({ changedAt: corpusState.completedAt })
    .from(corpusState)
    .where(eq(corpusState.name, PATENTS_CHANGED))
  return row?.changedAt?.toISOString() ?? 'never'
}
