import { count, max, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { patents } from '~/db/schema'

const publicationYear = sql<number | null>`extract(year from ${patents.publicationDate})::integer`
const filingYear = sql<number | null>`extract(year from ${patents.filingDate})::integer`

/**
 * The patents counted by office, kind, publication year and filing year (null: no such date), each group with
 * its latest publication date; in no particular order. One pass over the table: the service keeps the answer
 * until the corpus changes.
 */
export function findCoverageGroups(db: Db) {
  return db
    .select({
      country: patents.country,
      kind: patents.kind,
      year: publicationYear,
      filed: filingYear,
      documents: count(),
      latestPublication: max(patents.publicationDate),
    })
    .from(patents)
    .groupBy(patents.country, patents.kind, publicationYear, filingYear)
}

export type CoverageGroup = Awaited<ReturnType<typeof findCoverageGroups>>[number]
