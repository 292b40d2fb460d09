/** Patent records by reference, the family members held, classification titles and the corpus size. */
import { compactReference, referenceKey } from '@patentdesk/contract/patent-references'
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { classificationTitles, patents } from '~/db/schema'

/**
 * The record a reference names, however it is written (with or without a kind code, spaces, digit
 * groups): by its key, and of two records with one key (a kind code each) the one written as asked.
 */
export async function findPatent(db: Db, reference: string) {
  const [row] = await db
    .select()
    .from(patents)
    .where(eq(patents.referenceKey, referenceKey(reference)))
    .orderBy(desc(eq(patents.reference, compactReference(reference))), asc(patents.reference))
    .limit(1)
  return row
}

/** Which of `references` the corpus holds, as findPatent finds them: one indexed query by key. */
export async function findHeldReferences(db: Db, references: string[]) {
  const keys = [...new Set(references.map(referenceKey))]
  if (keys.length === 0) return new Set<string>()
  const held = await db
    .selectDistinct({ key: patents.referenceKey })
    .from(patents)
    .where(inArray(patents.referenceKey, keys))
  const heldKeys = new Set(held.map((row) => row.key))
  return new Set(references.filter((reference) => heldKeys.has(referenceKey(reference))))
}

/** Cited-by lists name at most this many patents, the latest first; the count says how many in all. */
const CITED_BY_SHOWN = 50

/** The patents whose citations name `reference` by its key: the index of migration 0020 answers. */
export async function findCitingPatents(db: Db, reference: string) {
  const citing = sql`reference_keys(${patents.citations}) @> array[${referenceKey(reference)}]::text[]`
  const [rows, total] = await Promise.all([
    db
      .select({
        reference: patents.reference,
        title: patents.title,
        publicationDate: patents.publicationDate,
      })
      .from(patents)
      .where(citing)
      .orderBy(sql`${patents.publicationDate} desc nulls last`, asc(patents.reference))
      .limit(CITED_BY_SHOWN),
    db.$count(patents, citing),
  ])
  return { total, patents: rows }
}

/** A CT= query's citing patents, at most: a reference cited more widely is read as its first this many. */
const CITING_READ = 100_000

/** The references of every patent that cites `reference` (CT=), by the index of migration 0020. */
export async function findCitingReferences(db: Db, reference: string) {
  const rows = await db
    .select({ reference: patents.reference })
    .from(patents)
    .where(sql`reference_keys(${patents.citations}) @> array[${referenceKey(reference)}]::text[]`)
    .limit(CITING_READ)
  return rows.map((row) => row.reference)
}

/**
 * The corpus's other records of one invention: the other publications of its number (EP1234567A1 beside
 * EP1234567B1) and the members of its DOCDB family.
 */
export async function findRelatives(db: Db, row: { reference: string; familyId: string | null }) {
  const sameNumber = eq(patents.referenceKey, referenceKey(row.reference))
  return db
    .select({
      reference: patents.reference,
      publicationDate: patents.publicationDate,
      sameNumber: sql<boolean>`${sameNumber}`,
    })
    .from(patents)
    .where(
      and(
        ne(patents.reference, row.reference),
        row.familyId ? or(sameNumber, eq(patents.familyId, row.familyId)) : sameNumber,
      ),
    )
    .orderBy(asc(patents.publicationDate), asc(patents.reference))
    .limit(CITED_BY_SHOWN)
}

export async function findClassificationTitles(db: Db, codes: string[]) {
  if (codes.length === 0) return []
  return db.select().from(classificationTitles).where(inArray(classificationTitles.code, codes))
}

export async function countPatents(db: Db) {
  return db.$count(patents)
}
