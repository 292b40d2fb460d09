import { and, count, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { patentDocuments, pendingUploads } from '~/db/schema'

export type PendingUploadRow = typeof pendingUploads.$inferSelect

/** Serialises one user's uploads, so parallel requests cannot pass the pending or storage limit together. */
export async function lockUserUploads(tx: Db, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pending_uploads'), ${userId})`)
}

export async function countPending(db: Db, userId: number) {
  const [row] = await db.select({ n: count() }).from(pendingUploads).where(eq(pendingUploads.userId, userId))
  return row?.n ?? 0
}

/** Bytes the user has stored: the documents they uploaded to applications and their pending files. */
export async function storedBytes(db: Db, userId: number) {
  const [attached] = await db
    .select({ bytes: sql<string>`coalesce(sum(${patentDocuments.sizeBytes}), 0)` })
    .from(patentDocuments)
    .where(eq(patentDocuments.uploadedBy, userId))
  const [pending] = await db
    .select({ bytes: sql<string>`coalesce(sum(${pendingUploads.sizeBytes}), 0)` })
    .from(pendingUploads)
    .where(eq(pendingUploads.userId, userId))
  return Number(attached?.bytes ?? 0) + Number(pending?.bytes ?? 0)
}

export async function insertPending(db: Db, upload: typeof pendingUploads.$inferInsert) {
  const [row] = await db.insert(pendingUploads).values(upload).returning()
  return row as PendingUploadRow
}

/** Deletes the user's uploads among `ids` and returns them: a row is taken by one caller only. */
export function takePending(db: Db, userId: number, ids: string[]) {
  return db
    .delete(pendingUploads)
    .where(and(eq(pendingUploads.userId, userId), inArray(pendingUploads.id, ids)))
    .returning()
}

/** Deletes the uploads made before `before` and returns where their bytes are. */
export function takeExpired(db: Db, before: Date) {
  return db
    .delete(pendingUploads)
    .where(lt(pendingUploads.createdAt, before))
    .returning({ storageKey: pendingUploads.storageKey })
}
