/** Patent records by reference, the family members held, classification titles and the corpus size. */
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/db/client'
import { classificationTitles, patents } from '~/db/schema'

/** References without a kind code (US8856534) also name the document with one (US8856534B2). */
const kindCode = /[A-Z][0-9]?$/
const withKindCode = (numbers: string[]) =>
  sql`${patents.reference} ~ ${`^(${numbers.join('|')})${kindCode.source}`}`

export async function findPatent(db: Db, reference: string) {
  const [exact] = await db.select().from(patents).where(eq(patents.reference, reference))
  if (exact) return exact
  const [withKind] = await db
    .select()
    .from(patents)
    .where(withKindCode([reference.replace(/[^\w]/g, '')]))
    .limit(1)
  return withKind
}

/**
 * Which of `references` the corpus holds, as findPatent finds them: exactly, or (a number without a kind
 * code) with one. The exact ones in one indexed query, the rest in one pattern query.
 */
export async function findHeldReferences(db: Db, references: string[]) {
  const wanted = [...new Set(references.map((r) => r.toUpperCase()))]
  if (wanted.length === 0) return new Set<string>()
  const exact = await db
    .select({ reference: patents.reference })
    .from(patents)
    .where(inArray(patents.reference, wanted))
  const held = new Set(exact.map((row) => row.reference))
  // Only a bare number can gain a kind code; its characters are letters and digits, safe in a pattern.
  const bare = wanted.filter((r) => !held.has(r) && /^[A-Z]{2}\d+$/.test(r))
  if (bare.length === 0) return held
  const withKind = await db.select({ reference: patents.reference }).from(patents).where(withKindCode(bare))
  const numbers = new Set(withKind.map((row) => row.reference.replace(kindCode, '')))
  for (const number of bare) if (numbers.has(number)) held.add(number)
  return held
}

export async function findClassificationTitles(db: Db, codes: string[]) {
  if (codes.length === 0) return []
  return db.select().from(classificationTitles).where(inArray(classificationTitles.code, codes))
}

export async function countPatents(db: Db) {
  return db.$count(patents)
}
