import { randomBytes } from 'node:crypto'
import {
  type SavedQuery,
  type SavedSearch,
  type SavedSearchBody,
  type SavedSearchPatch,
  savedSearchLimits,
  savedSearchMessages,
} from '@patentdesk/contract/saved-searches'
import type { Db } from '~/db/database'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import { AppError } from '~/errors'
import * as repo from './saved-searches.repo'

const iso = (moment: Date | string) => new Date(moment).toISOString()

const toSavedSearch = (row: Awaited<ReturnType<typeof repo.listSavedSearches>>[number]): SavedSearch => ({
  ...row,
  createdAt: iso(row.createdAt),
  lastOpenedAt: row.lastOpenedAt && iso(row.lastOpenedAt),
})

const toWatch = (row: Awaited<ReturnType<typeof repo.listWatches>>[number]) => ({
  ...row,
  createdAt: iso(row.createdAt),
})

/**
 * Saved searches and watched patents, each only its owner's (another's answers 404, as if it did not
 * exist). What imports bring them is alerts.ts's.
 */
export function createSavedSearchesService({
  db,
  index,
}: {
  db: Db
  /** Asked whether it refuses a query (a truncation of too many words) before the query is saved. */
  index?: Pick<PriorArtIndex, 'search'>
}) {
  async function owned(userId: number, id: number) {
    const row = await repo.findSavedSearch(db, userId, id)
    if (!row) throw new AppError('NOT_FOUND', savedSearchMessages.notFound)
    return row
  }

  async function one(userId: number, id: number): Promise<SavedSearch> {
    const [found] = await repo.listSavedSearches(db, userId, id)
    if (!found) throw new AppError('NOT_FOUND', savedSearchMessages.notFound)
    return toSavedSearch(found)
  }

  /** A query the search would refuse is not saved: the index's own refusal, with its message. */
  async function checkQuery({ q, from, to, cpc, applicant }: SavedQuery) {
    const answer = await index?.search({ q, filters: { from, to, cpc, applicant }, offset: 0, limit: 1 })
    if (answer?.refused) throw new AppError('BAD_REQUEST', answer.refused, { 'query.q': answer.refused })
  }

  return {
    async list(userId: number): Promise<SavedSearch[]> {
      return (await repo.listSavedSearches(db, userId)).map(toSavedSearch)
    },

    async create(userId: number, body: SavedSearchBody) {
      await checkQuery(body.query)
      const id = await repo.insertSavedSearch(
        db,
        { userId, ...body, unsubscribeToken: randomBytes(24).toString('base64url') },
        savedSearchLimits.searches,
      )
      if (id === undefined) throw new AppError('CONFLICT', savedSearchMessages.tooMany)
      return one(userId, id)
    },

    async update(userId: number, id: number, patch: SavedSearchPatch) {
      await owned(userId, id)
      if (patch.query) await checkQuery(patch.query)
      await repo.updateSavedSearch(db, userId, id, patch)
      return one(userId, id)
    },

    async remove(userId: number, id: number) {
      if (!(await repo.deleteSavedSearch(db, userId, id)))
        throw new AppError('NOT_FOUND', savedSearchMessages.notFound)
    },

    /**
     * The patents found for the search since its owner last opened it, newest first; asking opens it (as
     * reading a mail marks it read): the next answer lists only what imports find after this one.
     */
    async newPatents(userId: number, id: number) {
      const search = await owned(userId, id)
      const found = await repo.newPatents(db, id, search.lastOpenedAt, savedSearchLimits.newListed)
      await repo.updateSavedSearch(db, userId, id, { lastOpenedAt: new Date() })
      return { patents: found.map((p) => ({ ...p, foundAt: iso(p.foundAt) })) }
    },

    /** The unsubscribe link of a mail: the search's mails stop; nothing else changes. */
    async unsubscribe(token: string) {
      if (!(await repo.unsubscribe(db, token))) throw new AppError('NOT_FOUND', savedSearchMessages.notFound)
    },

    async watches(userId: number) {
      return (await repo.listWatches(db, userId)).map(toWatch)
    },

    async watch(userId: number, reference: string) {
      const result = await repo.insertWatch(db, userId, reference, savedSearchLimits.watches)
      if ('refused' in result)
        throw new AppError(
          'CONFLICT',
          result.refused === 'watched'
            ? savedSearchMessages.alreadyWatched
            : savedSearchMessages.tooManyWatches,
        )
      const [watched] = await repo.listWatches(db, userId, result.id)
      if (!watched) throw new AppError('NOT_FOUND', savedSearchMessages.watchNotFound)
      return toWatch(watched)
    },

    async unwatch(userId: number, id: number) {
      if (!(await repo.deleteWatch(db, userId, id)))
        throw new AppError('NOT_FOUND', savedSearchMessages.watchNotFound)
    },
  }
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>
