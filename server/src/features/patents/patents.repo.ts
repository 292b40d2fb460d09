/** Patent records by reference, the family members held, classification titles and the corpus size. */
import { compactReference, referenceKey } from '@patentdesk/contract/patent-references'
import { asc, desc, eq, inArray } from 'drizzle-orm'
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

export async function findClassificationTitles(db: Db, codes: string[]) {
  if (codes.length === 0) return []
  return db.select().from(classificationTitles).where(inArray(classificationTitles.code, codes))
}

export async function countPatents(db: Db) {
  return db.$count(patents)
}
