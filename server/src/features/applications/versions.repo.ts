import { and, between, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { applicationVersions } from '~/db/schema'
import { changer } from '~/shared/changer'
import type { ApplicationRow } from './applications.repo'

/** The application's text as it now stands, kept as its version `row.version`. */
export async function insertVersion(
  db: Db,
  row: ApplicationRow,
  authorId: number,
  restoredFrom: number | null = null,
) {
  const { id, version, title, abstract, description, claims } = row
  await db.insert(applicationVersions).values({
    applicationId: id,
    number: version,
    authorId,
    title,
    abstract,
    description,
    claims,
    restoredFrom,
  })
}

const v = applicationVersions
/** Whether a part differs from the version before, compared in the database (the texts stay there). */
const changedFrom = (part: 'title' | 'abstract' | 'description' | 'claims') =>
  sql<boolean>`${v[part]} is distinct from lag(${v[part]}) over (order by ${v.number})`

/**
 * The application's versions (version `only` alone, when given), newest first: number, author, and which
 * parts changed from the version before (read too, so that `only` has something to differ from).
 */
function versions(db: Db, applicationId: number, only?: number) {
  return db
    .select({
      number: v.number,
      createdAt: v.createdAt,
      restoredFrom: v.restoredFrom,
      authorId: changer.id,
      authorName: changer.fullName,
      title: changedFrom('title'),
      abstract: changedFrom('abstract'),
      description: changedFrom('description'),
      claims: changedFrom('claims'),
    })
    .from(v)
    .leftJoin(changer, eq(changer.id, v.authorId))
    .where(
      and(
        eq(v.applicationId, applicationId),
        only === undefined ? undefined : between(v.number, only - 1, only),
      ),
    )
    .orderBy(desc(v.number))
}

export const listVersions = (db: Db, applicationId: number) => versions(db, applicationId)
export type VersionListRow = Awaited<ReturnType<typeof listVersions>>[number]

/** One version's summary: it and the one before are read, not every version. */
export async function findVersionSummary(db: Db, applicationId: number, number: number) {
  const [row] = await versions(db, applicationId, number)
  return row?.number === number ? row : undefined
}

/** One version's text, or undefined when the application has no such version. */
export async function findVersionText(db: Db, applicationId: number, number: number) {
  const [row] = await db
    .select({ title: v.title, abstract: v.abstract, description: v.description, claims: v.claims })
    .from(v)
    .where(and(eq(v.applicationId, applicationId), eq(v.number, number)))
  return row
}
