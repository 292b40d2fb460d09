import { patentDetailsPath } from '@patentdesk/contract/client-routes'
import { plural } from '@patentdesk/contract/common'
import { referenceKey } from '@patentdesk/contract/patent-references'
import { savedSearchPath } from '@patentdesk/contract/saved-search-paths'
import type { SavedQuery } from '@patentdesk/contract/saved-searches'
import { sql } from 'drizzle-orm'
import type { Db } from '~/db/database'
import { rowsOf } from '~/db/rows'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import type { NotificationsService } from '~/features/notifications/notifications.service'
import * as repo from './saved-searches.repo'

/** Journal entries matched in one transaction: an import of 10,000 patents at a time. */
const BATCH = 10_000
/** References a notification names before "and n more". */
const NAMED = 5

type Change = { seq: number; reference: string; added: boolean }

const named = (references: string[]) =>
  references.length <= NAMED
    ? references.join(', ')
    : `${references.slice(0, NAMED).join(', ')} and ${references.length - NAMED} more`

/**
 * Another server holds the journal (`busy`: this run stops, it will match them) or matched the entries
 * this run read (this run goes on from the journal's next ones).
 */
class TakenMeanwhile extends Error {
  constructor(readonly busy: boolean) {
    super('the journal was matched by another server')
  }
}

/**
 * What imports bring the saved searches and watches. Every patent an import wrote new or changed is in
 * the journal (patent_changes); a run reads its oldest entries, asks the index which saved searches match
 * those patents (PriorArtIndex.percolate: the search's own evaluation over them alone), then in one
 * transaction that one server at a time holds, removes the entries, records each found patent once per
 * search, and tells owners: an import matched twice, or by two servers, alerts once. (The index reads the
 * patents before that transaction: PGlite's one connection would wait for it.)
 */
export function createAlerts({
  db,
  index,
  notifications,
}: {
  db: Db
  index: Pick<PriorArtIndex, 'percolate'>
  notifications: Pick<NotificationsService, 'notifyAll'>
}) {
  async function matchBatch(): Promise<number> {
    const changes = rowsOf<Change>(
      await db.execute(
        sql`select seq::float8 as seq, reference, added from patent_changes order by seq limit ${BATCH}`,
      ),
    )
    const first = changes[0]
    if (!first) return 0
    const searches = await repo.allSavedSearches(db)
    const matched =
      searches.length === 0
        ? []
        : await index.percolate(
            [...new Set(changes.map((c) => c.reference))],
            searches.map(({ id, query }) => {
              const { q, from, to, cpc, applicant } = query as SavedQuery
              return { id, q, filters: { from, to, cpc, applicant } }
            }),
          )
    try {
      await db.transaction(async (tx) => {
        const locked = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('alerts')) as locked`)
        if (!rowsOf<{ locked: boolean }>(locked)[0]?.locked) throw new TakenMeanwhile(true)
        const removed = await tx.execute(
          sql`delete from patent_changes where seq = any(${sql.param(changes.map((c) => c.seq))}::bigint[]) returning seq`,
        )
        if (rowsOf(removed).length !== changes.length) throw new TakenMeanwhile(false)
        await recordSearches(tx, searches, matched, first.seq)
        await matchWatches(tx, changes, first.seq)
      })
    } catch (error) {
      if (error instanceof TakenMeanwhile) return error.busy ? 0 : changes.length
      throw error
    }
    return changes.length
  }

  async function recordSearches(
    tx: Db,
    searches: Awaited<ReturnType<typeof repo.allSavedSearches>>,
    matched: { id: number; references: string[] }[],
    batch: number,
  ) {
    const byId = new Map(searches.map((s) => [s.id, s]))
    // A search deleted since the run began finds nothing.
    const existing = await repo.existingSavedSearches(
      tx,
      matched.map((m) => m.id),
    )
    const fresh = await repo.recordHits(
      tx,
      matched.filter(({ id }) => byId.has(id) && existing.has(id)),
    )
    await notifications.notifyAll(
      [...fresh].map(([id, references]) => {
        const search = byId.get(id) as (typeof searches)[number]
        return {
          userId: search.userId,
          title: `${plural(references.length, 'new patent')} for '${search.name}'`,
          message: named(references.sort()),
          link: savedSearchPath(id, search.query as SavedQuery),
          dedupeKey: `saved-search:${id}:${batch}`,
        }
      }),
      tx,
    )
  }

  /** A watched patent whose record an import changed, or that a newly imported patent cites. */
  async function matchWatches(tx: Db, changes: Change[], batch: number) {
    if (!(await repo.anyWatches(tx))) return
    const changed = await repo.watchesOf(tx, [...new Set(changes.map((c) => referenceKey(c.reference)))])
    await notifications.notifyAll(
      changed.map((watch) => ({
        userId: watch.userId,
        title: `${watch.reference} changed`,
        message: `An import brought a new record of ${watch.reference}.`,
        link: patentDetailsPath(watch.reference),
        dedupeKey: `watch:${watch.key}:${batch}`,
      })),
      tx,
    )
    const added = changes.filter((c) => c.added).map((c) => c.reference)
    const citing = added.length === 0 ? [] : await repo.citationsOf(tx, added)
    const cited = new Map<string, string[]>()
    for (const { reference, citations } of citing)
      for (const key of new Set(citations.map(referenceKey))) {
        const by = cited.get(key)
        if (by) by.push(reference)
        else cited.set(key, [reference])
      }
    const citedWatches = await repo.watchesOf(tx, [...cited.keys()])
    await notifications.notifyAll(
      citedWatches.map((watch) => {
        const by = (cited.get(watch.key) ?? []).sort()
        return {
          userId: watch.userId,
          title: `${plural(by.length, 'new patent')} citing ${watch.reference}`,
          message: `${named(by)} ${by.length === 1 ? 'cites' : 'cite'} ${watch.reference}.`,
          link: patentDetailsPath(by[0] as string),
          dedupeKey: `watch-cited:${watch.key}:${batch}`,
        }
      }),
      tx,
    )
  }

  return {
    /** Matches the journal until it is empty (or `signal` stops it); answers how many entries it matched. */
    async matchImports(signal?: AbortSignal) {
      let done = 0
      for (;;) {
        if (signal?.aborted) return done
        const matched = await matchBatch()
        if (matched === 0) return done
        done += matched
      }
    },
  }
}

export type Alerts = ReturnType<typeof createAlerts>
