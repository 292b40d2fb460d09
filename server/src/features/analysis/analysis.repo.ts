import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client'
import { analysisResults } from '~/db/schema'

export async function findAnalysis(db: Db, applicationId: number) {
  const [row] = await db
    .select()
    .from(analysisResults)
    .where(eq(analysisResults.applicationId, applicationId))
  return row
}
