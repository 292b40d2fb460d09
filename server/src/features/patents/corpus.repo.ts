/** Loading the corpus: patents and classification titles written in batches, how far each data set got. */
import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { classificationTitles, corpusState, PATENTS_CHANGED, patents } from '~/db/schema'

type NewPatent = typeof patents.$inferInsert

/** Inserts a batch; duplicates are skipped or replaced. Answers how many rows were written. */
export async function insertPatents(db: Db, rows: NewPatent[], onDuplicate: 'skip' | 'update') {
  if (rows.length === 0) return 0
  const insert = db.insert(patents).values(rows)
  const columns = Object.keys(rows[0] as object).filter((c) => c !== 'reference') as (keyof NewPatent)[]
  const written =
    onDuplicate === 'skip'
      ? await insert.onConflictDoNothing().returning({ reference: patents.reference })
      : await insert
          .onConflictDoUpdate({
            target: patents.reference,
            set: Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${patents[c].name}`)])),
          })
          .returning({ reference: patents.reference })
  return written.length
}

export async function insertClassificationTitles(db: Db, rows: (typeof classificationTitles.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(classificationTitles).values(rows).onConflictDoNothing()
}

export async function findCorpusState(db: Db, name: string) {
  const [row] = await db.select().from(corpusState).where(eq(corpusState.name, name))
  return row
}

export async function saveCorpusState(db: Db, name: string, linesDone: number, completed: boolean) {
  const completedAt = completed ? new Date() : null
  await db
    .insert(corpusState)
    .values({ name, linesDone, completedAt })
    .onConflictDoUpdate({ target: corpusState.name, set: { linesDone, completedAt } })
}

/**
 * After a bulk load: fresh planner statistics (estimates and plans), and the time of the change, for the
 * patent index of every server.
 */
export async function analyzePatents(db: Db) {
  await db.execute(sql`analyze patents`)
  await saveCorpusState(db, PATENTS_CHANGED, 0, true)
}
