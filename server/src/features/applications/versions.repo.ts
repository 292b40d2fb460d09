import { and, desc, eq, sql } from 'drizzle-orm'
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

/** Every version of the application, newest first: its number, author and which parts changed. */
const versions = (db: Db, applicationId: number) =>
  db
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
    .where(eq(v.applicationId, applicationId))

export const listVersions = (db: Db, applicationId: number) =>
  versions(db, applicationId).orderBy(desc(v.number))
export type VersionListRow = Awaited<ReturnType<typeof listVersions>>[number]

/** One version's text, or undefined when the application has no such version. */
export async function findVersionText(db: Db, applicationId: number, number: number) {
  const [row] = await db
    .select({ title: v.title, abstract: v.abstract, description: v.description, claims: v.claims })
    .from(v)
    .where(and(eq(v.applicationId, applicationId), eq(v.number, number)))
  return row
}
