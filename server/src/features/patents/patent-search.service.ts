import {
  type PatentExportQuery,
  type PatentSearchQuery,
  type PatentSearchResult,
  patentLimits,
  patentMessages,
  type SourceStatus,
} from '@patentdesk/contract/patents'
import { parseSearchQuery } from '@patentdesk/contract/search-query'
import type { Db } from '~/db/database'
import { citedIn, needsIndex } from '~/engine/patent-index'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import { AppError } from '~/errors'
import type { PatentSource } from '~/providers/patent-sources/types'
import * as search from './patent-search.repo'
import { findCitingReferences } from './patents.repo'
import { patentsCsv } from './patents-csv'

/** Above this many expected matches, ranking every match would cost more than the answer is worth. */
const LARGE_RESULT = 1500
/** Counting matches costs about 1.5 ms per thousand on PostgreSQL; beyond this an estimate is honest enough. */
const EXACT_COUNT = 20_000

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The search box: the configured external sources first, any failure falling back to the corpus and
 * reported in `sources`; the corpus from the patent index (docs/decisions/0014), or from the database
 * while the index is rebuilt (decision 8).
 */
export function createPatentSearch({
  db,
  index,
  sources,
  publicUrl,
}: {
  db: Db
  index?: Pick<PriorArtIndex, 'search'>
  sources: PatentSource[]
  /** Where the web client is served: the export's links. */
  publicUrl: string
}) {
  /** The index's answer for a window of the search; undefined while the index is rebuilt. */
  async function searchIndexed(query: PatentExportQuery, offset: number, limit: number) {
    const { q, sort, dateType, dups, ...filters } = query
    // The route's schema refused a query that cannot be read; its tree names the CT= references.
    const parsed = parseSearchQuery(q)
    const cited = parsed.ok ? citedIn(parsed.node) : []
    const citing = Object.fromEntries(
      await Promise.all(cited.map(async (value) => [value, await findCitingReferences(db, value)] as const)),
    )
    const request = { q, filters, offset, limit, citing, sort, dateType, family: dups === 'family' }
    const indexed = await index?.search(request)
    if (indexed?.refused) throw new AppError('BAD_REQUEST', indexed.refused, { q: indexed.refused })
    return indexed
  }

  /** Whether only the index answers the search: the database's own reads words, phrases, OR and -. */
  const needsIndexFor = ({ q, sort, dups }: PatentExportQuery) => {
    const parsed = parseSearchQuery(q)
    return sort !== 'relevance' || dups !== undefined || (parsed.ok && needsIndex(parsed.node))
  }

  async function searchLocal(query: PatentSearchQuery) {
    const { page, num } = query
    const indexed = await searchIndexed(query, (page - 1) * num, num)
    if (!indexed && needsIndexFor(query)) throw new AppError('UNAVAILABLE', patentMessages.indexOnly)
    const others = new Map(indexed?.hits.map((hit) => [hit.reference, hit.familyOthers]))
    const found = indexed
      ? {
          rows: await search.pageRows(
            db,
            query.q,
            indexed.hits.map((hit) => hit.reference),
          ),
          totalResults: indexed.total,
          totalIsApproximate: indexed.approximate,
        }
      : await searchDatabase(query)
    return {
      totalResults: found.totalResults,
      totalIsApproximate: found.totalIsApproximate,
      source: 'local',
      page,
      num,
      patents: found.rows.map((r) => ({
        reference: r.reference,
        title: r.title,
        description: r.abstract ?? '',
        snippet: r.snippet,
        publicationDate: r.publicationDate,
        filingDate: r.filingDate,
        applicants: r.applicants,
        cpc: r.cpc,
        ...(query.dups === 'family' ? { familyOthers: others.get(r.reference) ?? 0 } : {}),
      })),
    }
  }

  /**
   * Without the index (while it is rebuilt after an import): exact ranking while the planner expects at
   * most LARGE_RESULT matches; above that, the bounded candidate search, so a common word costs what a
   * rare one does. The count is exact up to EXACT_COUNT expected matches and the planner's estimate beyond.
   */
  async function searchDatabase({ q, page, num, from, to, cpc, applicant }: PatentSearchQuery) {
    const filters = { from, to, cpc, applicant }
    const window = { q, filters, limit: num, offset: (page - 1) * num }
    const estimate = await search.estimateMatches(db, q, filters)
    const large = estimate > LARGE_RESULT
    const approximate = estimate > EXACT_COUNT
    const [rows, totalResults] = await Promise.all([
      large ? search.searchTopCandidates(db, window) : search.searchAllMatches(db, window),
      approximate ? estimate : search.countMatches(db, q, filters),
    ])
    return { rows, totalResults, totalIsApproximate: approximate }
  }

  return {
    async search(query: PatentSearchQuery): Promise<PatentSearchResult> {
      const statuses: SourceStatus[] = []
      // What the external sources are not asked: they answer words and pages, not our filters and orders.
      const localOnly = query.cpc
        ? 'classification filters use the local corpus'
        : query.sort !== 'relevance' || query.dups
          ? 'sorting by date and one patent per family use the local corpus'
          : undefined
      for (const source of sources) {
        if (!source.search) continue
        if (localOnly) {
          statuses.push({ name: source.name, status: 'skipped', message: localOnly })
          continue
        }
        try {
          const result = await source.search(query)
          return { ...result, sources: [...statuses, { name: source.name, status: 'ok' }] }
        } catch (error) {
          statuses.push({ name: source.name, status: 'failed', message: failure(error) })
        }
      }
      return { ...(await searchLocal(query)), sources: [...statuses, { name: 'local', status: 'ok' }] }
    },

    /** The first exportRows results of the search in the corpus, as CSV (patents-csv.ts). */
    async exportCsv(query: PatentExportQuery) {
      const searchedAt = new Date()
      const indexed = await searchIndexed(query, 0, patentLimits.exportRows)
      if (!indexed) throw new AppError('UNAVAILABLE', patentMessages.exportIndexOnly)
      const rows = await search.exportRows(
        db,
        indexed.hits.map((hit) => hit.reference),
      )
      const hits = new Map(indexed.hits.map((hit) => [hit.reference, hit]))
      return patentsCsv({
        publicUrl,
        query,
        searchedAt,
        total: { count: indexed.total, approximate: indexed.approximate },
        rows: rows.map((row) => ({
          ...row,
          score: hits.get(row.reference)?.score ?? 0,
          familyOthers: hits.get(row.reference)?.familyOthers,
        })),
      })
    },
  }
}
