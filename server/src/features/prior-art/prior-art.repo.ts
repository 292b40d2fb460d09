import { asc, eq, gt } from 'drizzle-orm'
import type { Db } from '~/db/client'
import { corpusState, PATENTS_CHANGED, patents } from '~/db/schema'
import type { IndexedPatent } from './index-worker'

/** Every patent's indexed texts, `batch` at a time in reference order (keyset paging: each page is cheap). */
export async function* patentTexts(db: Db, batch: number): AsyncGenerator<IndexedPatent[]> {
  let after = ''
  for (;;) {
    const rows = await db
      .select({
        reference: patents.reference,
        title: patents.title,
        abstract: patents.abstract,
        claims: patents.claims,
        description: patents.description,
      })
      .from(patents)
      .where(gt(patents.reference, after))
      .orderBy(asc(patents.reference))
      .limit(batch)
    if (rows.length === 0) return
    yield rows.map((row) => ({
      reference: row.reference,
      texts: {
        title: row.title,
        abstract: row.abstract ?? '',
        claims: row.claims.join('\n'),
        description: row.description ?? '',
      },
    }))
    after = (rows.at(-1) as { reference: string }).reference
  }
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
