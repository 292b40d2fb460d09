import { referenceKey } from '@patentdesk/contract/patent-references'
import type { AlertSetting, SavedQuery } from '@patentdesk/contract/saved-searches'
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { rowsOf } from '~/db/rows'
import { alertDigests, patents, savedSearches, savedSearchHits, users, watches } from '~/db/schema'

/**
 * A user's saved searches (the one of `id` alone, when given), oldest first, each with how many patents were
 * found for it since it was opened.
 */
export async function listSavedSearches(db: Db, userId: number, id?: number) {
  const result = await db.execute(sql`
    select s.id, s.name, s.query, s.alert, s.created_at as "createdAt", s.last_opened_at as "lastOpenedAt",
      (select count(*)::int from saved_search_hits h where h.saved_search_id = s.id
        and h.found_at > coalesce(s.last_opened_at, '-infinity')) as "newCount"
    from saved_searches s where s.user_id = ${userId} ${id === undefined ? sql`` : sql`and s.id = ${id}`}
    order by s.id`)
  return rowsOf<{
    id: number
    name: string
    query: SavedQuery
    alert: AlertSetting
    createdAt: Date | string
    lastOpenedAt: Date | string | null
    newCount: number
  }>(result)
}

export async function findSavedSearch(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
  return row
}

/**
 * Saves a search unless its owner has `limit` already: one statement, so two saves at once cannot both
 * pass the count. Answers the row, or undefined at the limit.
 */
export async function insertSavedSearch(
  db: Db,
  search: { userId: number; name: string; query: SavedQuery; alert: AlertSetting; unsubscribeToken: string },
  limit: number,
) {
  const result = await db.execute(sql`
    insert into saved_searches (user_id, name, query, alert, unsubscribe_token)
    select ${search.userId}, ${search.name}, ${JSON.stringify(search.query)}::jsonb, ${search.alert}, ${search.unsubscribeToken}
    where (select count(*) from saved_searches where user_id = ${search.userId}) < ${limit}
    returning id`)
  return rowsOf<{ id: number }>(result)[0]?.id
}

export async function updateSavedSearch(
  db: Db,
  userId: number,
  id: number,
  changes: Partial<{ name: string; query: SavedQuery; alert: AlertSetting; lastOpenedAt: Date }>,
) {
  const [row] = await db
    .update(savedSearches)
    .set(changes)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  return row !== undefined
}

export async function deleteSavedSearch(db: Db, userId: number, id: number) {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  return rows.length > 0
}

/** The patents found for a search since `since` (all when null), newest first, at most `limit`. */
export async function newPatents(db: Db, id: number, since: Date | null, limit: number) {
  return db
    .select({
      reference: savedSearchHits.reference,
      title: sql<string>`coalesce(${patents.title}, '')`,
      filingDate: patents.filingDate,
      applicants: sql<string[]>`coalesce(${patents.applicants}, '{}'::text[])`,
      foundAt: savedSearchHits.foundAt,
    })
    .from(savedSearchHits)
    .leftJoin(patents, eq(patents.reference, savedSearchHits.reference))
    .where(and(eq(savedSearchHits.savedSearchId, id), since ? gt(savedSearchHits.foundAt, since) : undefined))
    .orderBy(desc(savedSearchHits.foundAt), asc(savedSearchHits.reference))
    .limit(limit)
}

/** Turns a search's mails off by the token of its unsubscribe link; answers whether one had it. */
export async function unsubscribe(db: Db, token: string) {
  const rows = await db
    .update(savedSearches)
    .set({ alert: 'off' })
    .where(eq(savedSearches.unsubscribeToken, token))
    .returning({ id: savedSearches.id })
  return rows.length > 0
}

/** Every saved search whose owner is told of new patents in some way (notifications always; mails by `alert`). */
export function allSavedSearches(db: Db) {
  return db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      name: savedSearches.name,
      query: savedSearches.query,
      alert: savedSearches.alert,
    })
    .from(savedSearches)
}

/*
 * Lists that grow with an import (the saved searches it matched, the references its patents cite) are sent
 * as one array parameter: `in (...)` sends one parameter per value, and PostgreSQL refuses a statement of
 * more than 65,535 (a weekly grant file cites more references than that).
 */
const anyInt = (values: number[]) => sql`any(${sql.param(values)}::int[])`
const anyText = (values: string[]) => sql`any(${sql.param(values)}::text[])`

/** Which of the saved searches named still exist. */
export async function existingSavedSearches(db: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>()
  const rows = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(sql`${savedSearches.id} = ${anyInt(ids)}`)
  return new Set(rows.map((r) => r.id))
}

/**
 * Records each patent found for each search once, in one statement whatever the count (an import's 50,000
 * hits); answers, by search, the patents that were new to it.
 */
export async function recordHits(db: Db, found: { id: number; references: string[] }[]) {
  const ids = found.flatMap(({ id, references }) => references.map(() => id))
  const references = found.flatMap((f) => f.references)
  const fresh = new Map<number, string[]>()
  if (ids.length === 0) return fresh
  const rows = rowsOf<{ id: number; reference: string }>(
    await db.execute(sql`
      insert into saved_search_hits (saved_search_id, reference)
      select * from unnest(${sql.param(ids)}::int[], ${sql.param(references)}::text[])
      on conflict do nothing
      returning saved_search_id as id, reference`),
  )
  for (const { id, reference } of rows) {
    const found = fresh.get(id)
    if (found) found.push(reference)
    else fresh.set(id, [reference])
  }
  return fresh
}

/**
 * The hits not mailed yet of the searches whose mails are `alert`, with their owners: what a digest (or an
 * instant mail) lists.
 */
export async function unmailedHits(db: Db, alert: AlertSetting) {
  return db
    .select({
      userId: savedSearches.userId,
      email: users.email,
      searchId: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      token: savedSearches.unsubscribeToken,
      reference: savedSearchHits.reference,
      title: sql<string>`coalesce(${patents.title}, '')`,
    })
    .from(savedSearchHits)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchHits.savedSearchId))
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .leftJoin(patents, eq(patents.reference, savedSearchHits.reference))
    .where(and(isNull(savedSearchHits.mailedAt), eq(savedSearches.alert, alert)))
    .orderBy(asc(savedSearches.userId), asc(savedSearches.id), asc(savedSearchHits.reference))
}

/** Marks the hits named as mailed. */
export async function markMailed(db: Db, hits: { searchId: number; reference: string }[]) {
  if (hits.length === 0) return
  await db.execute(sql`
    update saved_search_hits h set mailed_at = now()
    from unnest(${sql.param(hits.map((h) => h.searchId))}::int[], ${sql.param(hits.map((h) => h.reference))}::text[]) as m(id, reference)
    where h.saved_search_id = m.id and h.reference = m.reference and h.mailed_at is null`)
}

/** When the user was last sent the digest of a period. */
export async function lastDigest(db: Db, userId: number, period: string) {
  const [row] = await db
    .select({ sentAt: alertDigests.sentAt })
    .from(alertDigests)
    .where(and(eq(alertDigests.userId, userId), eq(alertDigests.period, period)))
  return row?.sentAt
}

export async function digestSent(db: Db, userId: number, period: string, at: Date) {
  await db
    .insert(alertDigests)
    .values({ userId, period, sentAt: at })
    .onConflictDoUpdate({ target: [alertDigests.userId, alertDigests.period], set: { sentAt: at } })
}

// Watches.

/** A user's watches (the one of `id` alone, when given), oldest first, with the titles the corpus knows. */
export function listWatches(db: Db, userId: number, id?: number) {
  return db
    .select({
      id: watches.id,
      reference: watches.reference,
      title: sql<string>`coalesce(${patents.title}, '')`,
      createdAt: watches.createdAt,
    })
    .from(watches)
    .leftJoin(patents, eq(patents.reference, watches.reference))
    .where(and(eq(watches.userId, userId), id === undefined ? undefined : eq(watches.id, id)))
    .orderBy(asc(watches.id))
}

/** Watches a patent unless the user has `limit` already or watches it; answers the id, or why not. */
export async function insertWatch(db: Db, userId: number, reference: string, limit: number) {
  const key = referenceKey(reference)
  const result = await db.execute(sql`
    insert into watches (user_id, reference, reference_key)
    select ${userId}, ${reference}, ${key}
    where (select count(*) from watches where user_id = ${userId}) < ${limit}
    on conflict (user_id, reference_key) do nothing
    returning id`)
  const id = rowsOf<{ id: number }>(result)[0]?.id
  if (id !== undefined) return { id }
  const [held] = await db
    .select({ n: count() })
    .from(watches)
    .where(and(eq(watches.userId, userId), eq(watches.referenceKey, key)))
  return { refused: (held?.n ?? 0) > 0 ? ('watched' as const) : ('limit' as const) }
}

export async function deleteWatch(db: Db, userId: number, id: number) {
  const rows = await db
    .delete(watches)
    .where(and(eq(watches.id, id), eq(watches.userId, userId)))
    .returning({ id: watches.id })
  return rows.length > 0
}

/** The watches of the references given by their keys (contract's `referenceKey`), with their owners. */
export function watchesOf(db: Db, keys: string[]) {
  if (keys.length === 0) return Promise.resolve([])
  return db
    .select({ userId: watches.userId, reference: watches.reference, key: watches.referenceKey })
    .from(watches)
    .where(sql`${watches.referenceKey} = ${anyText(keys)}`)
}

/** The references each of the patents named cites. */
export function citationsOf(db: Db, references: string[]) {
  return db
    .select({ reference: patents.reference, citations: patents.citations })
    .from(patents)
    .where(sql`${patents.reference} = ${anyText(references)}`)
}

/** Whether anyone watches a patent: an import's journal is not read for watches otherwise. */
export async function anyWatches(db: Db) {
  const [row] = await db.select({ id: watches.id }).from(watches).limit(1)
  return row !== undefined
}
