import { asc, eq, gt, inArray } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { corpusState, PATENTS_CHANGED, patents } from '~/db/schema'
import type { IndexedPatent } from './index-file'
import type { PercolatedPatent } from './percolate'

/** Patents sent to the index builder at a time: a batch of text is what each side holds. */
const BATCH = 250

const indexedColumns = {
  reference: patents.reference,
  title: patents.title,
  abstract: patents.abstract,
  claims: patents.claims,
  description: patents.description,
  filingDate: patents.filingDate,
  priorityDate: patents.priorityDate,
  cpc: patents.cpc,
  ipc: patents.ipc,
  applicants: patents.applicants,
  assignees: patents.assignees,
  publicationDate: patents.publicationDate,
  inventors: patents.inventors,
  familyId: patents.familyId,
  family: patents.family,
}

/** A patent as a row of the database or of an import (its optional columns may be left out). */
type IndexedRow = {
  reference: string
  title: string
  abstract?: string | null
  claims?: string[] | null
  description?: string | null
  filingDate?: string | null
  priorityDate?: string | null
  cpc?: string[] | null
  ipc?: string[] | null
  applicants?: string[] | null
  assignees?: string[] | null
  publicationDate?: string | null
  inventors?: string[] | null
  familyId?: string | null
  family?: { reference: string }[] | null
}

/** What the patent index reads of a patent. */
export const indexedPatent = (row: IndexedRow): IndexedPatent => ({
  reference: row.reference,
  texts: {
    title: row.title,
    abstract: row.abstract ?? '',
    claims: (row.claims ?? []).join('\n'),
    description: row.description ?? '',
  },
  filingDate: row.filingDate ?? null,
  priorityDate: row.priorityDate ?? null,
  publicationDate: row.publicationDate ?? null,
  codes: [...(row.cpc ?? []), ...(row.ipc ?? [])],
  applicants: [...(row.applicants ?? []), ...(row.assignees ?? [])],
  inventors: row.inventors ?? [],
  familyId: row.familyId ?? null,
  relatives: (row.family ?? []).map((member) => member.reference),
})

/** Every patent as the index holds it, a batch at a time in reference order (keyset paging: each page is cheap). */
export async function* patentTexts(db: Db, batch = BATCH): AsyncGenerator<IndexedPatent[]> {
  let after = ''
  for (;;) {
    const rows = await db
      .select(indexedColumns)
      .from(patents)
      .where(gt(patents.reference, after))
      .orderBy(asc(patents.reference))
      .limit(batch)
    if (rows.length === 0) return
    yield rows.map(indexedPatent)
    after = (rows.at(-1) as IndexedRow).reference
  }
}

/** The patents named, as the index holds them, with the references each cites (for a percolation). */
export async function percolatedPatents(db: Db, references: string[]): Promise<PercolatedPatent[]> {
  const rows = await db
    .select({ ...indexedColumns, citations: patents.citations })
    .from(patents)
    .where(inArray(patents.reference, references))
  return rows.map((row) => ({ ...indexedPatent(row), citations: row.citations }))
}

/** What the analysis shows of each similar patent; in no particular order. */
export async function findSummaries(db: Db, references: string[]) {
  if (references.length === 0) return []
  const rows = await db
    .select({
      reference: patents.reference,
      title: patents.title,
      abstract: patents.abstract,
      applicants: patents.applicants,
      filingDate: patents.filingDate,
      priorityDate: patents.priorityDate,
      publicationDate: patents.publicationDate,
      family: patents.family,
      familyId: patents.familyId,
    })
    .from(patents)
    .where(inArray(patents.reference, references))
  return rows.map((row) => ({
    ...row,
    family: row.family.map((member) => member.reference),
    /** Where the analysis found it: the corpus, or a live source (patent-index.ts `withSummaries`). */
    source: 'corpus',
  }))
}

/** The stored text of each patent named, for the claim chart to quote; in no particular order. */
export function findTexts(db: Db, references: string[]) {
  if (references.length === 0) return Promise.resolve([])
  return db
    .select({
      reference: patents.reference,
      title: patents.title,
      abstract: patents.abstract,
      claims: patents.claims,
      description: patents.description,
    })
    .from(patents)
    .where(inArray(patents.reference, references))
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
