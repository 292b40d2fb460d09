import { eq } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { analysisResults } from '~/db/schema'

export async function findAnalysis(db: Db, applicationId: number) {
  const [row] = await db
    .select()
    .from(analysisResults)
    .where(eq(analysisResults.applicationId, applicationId))
  return row
}

/** Stores an application's analysis, replacing the one before. */
export async function saveAnalysis(db: Db, row: typeof analysisResults.$inferInsert) {
  const [saved] = await db
    .insert(analysisResults)
    .values(row)
    .onConflictDoUpdate({
      target: analysisResults.applicationId,
      set: {
        engine: row.engine,
        similarityScore: row.similarityScore,
        result: row.result,
        createdBy: row.createdBy,
        createdAt: new Date(),
      },
    })
    .returning()
  return saved
}
