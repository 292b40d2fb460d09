import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { patentDocuments } from '~/db/schema'

export type DocumentRow = typeof patentDocuments.$inferSelect

export function listDocuments(db: Db, applicationId: number) {
  return db
    .select()
    .from(patentDocuments)
    .where(eq(patentDocuments.applicationId, applicationId))
    .orderBy(asc(patentDocuments.uploadedAt), asc(patentDocuments.id))
}

export async function countDocuments(db: Db, applicationId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patentDocuments)
    .where(eq(patentDocuments.applicationId, applicationId))
  return row?.n ?? 0
}

export async function findDocument(db: Db, applicationId: number, id: number) {
  const [row] = await db
    .select()
    .from(patentDocuments)
    .where(and(eq(patentDocuments.applicationId, applicationId), eq(patentDocuments.id, id)))
  return row
}

export async function insertDocument(db: Db, document: typeof patentDocuments.$inferInsert) {
  const [row] = await db.insert(patentDocuments).values(document).returning()
  return row as DocumentRow
}

export async function deleteDocument(db: Db, id: number) {
  await db.delete(patentDocuments).where(eq(patentDocuments.id, id))
}

/** Where every document's bytes are and what they must hash to, oldest first (move-files). */
export function listStoredBytes(db: Db) {
  return db
    .select({
      storageKey: patentDocuments.storageKey,
      sizeBytes: patentDocuments.sizeBytes,
      sha256: patentDocuments.sha256,
    })
    .from(patentDocuments)
    .orderBy(asc(patentDocuments.id))
}
