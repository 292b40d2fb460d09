import {
  type PatentSearchQuery,
  type PatentSearchResult,
  patentMessages,
  type SourceStatus,
} from '@patentdesk/contract/patents'
import { parseSearchQuery } from '@patentdesk/contract/search-query'
import type { Db } from '~/db/database'
import { citedIn, needsIndex, unansweredIn } from '~/engine/patent-index'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import { AppError } from '~/errors'
import type { PatentSource } from '~/providers/patent-sources/types'
import * as search from './patent-search.repo'
import { findCitingReferences } from './patents.repo'

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
}: {
  db: Db
  index?: Pick<PriorArtIndex, 'search'>
  sources: PatentSource[]
}) {
  async function searchLocal(query: PatentSearchQuery) {
    const { q, page, num, ...filters } = query
    // The route's schema refused a query that cannot be read; its tree says what only the index answers.
    const parsed = parseSearchQuery(q)
    const tree = parsed.ok ? parsed.node : undefined
    const unanswered = tree && unansweredIn(tree)
    if (unanswered) throw new AppError('BAD_REQUEST', unanswered, { q: unanswered })
    const cited = tree ? citedIn(tree) : []
    const citing = Object.fromEntries(
      await Promise.all(cited.map(async (value) => [value, await findCitingReferences(db, value)] as const)),
    )
    const indexed = await index?.search({ q, filters, offset: (page - 1) * num, limit: num, citing })
    if (indexed?.refused) throw new AppError('BAD_REQUEST', indexed.refused, { q: indexed.refused })
    if (!indexed && tree && needsIndex(tree)) throw new AppError('UNAVAILABLE', patentMessages.indexOnly)
    const found = indexed
      ? {
          rows: await search.pageRows(db, q, indexed.references),
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
      })),
    }
  }

  /**
   * Without the index (while it is rebuilt after an import): exact ranking while the planner expects at
   * most LARGE_RESULT matches; above that, the bounded candidate search, so a common word costs what a
   * rare one does. The count is exact up to EXACT_COUNT expected matches and the planner's estimate beyond.
   */
  async function searchDatabase({ q, page, num, ...filters }: PatentSearchQuery) {
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
      for (const source of sources) {
        if (!source.search) continue
        if (query.cpc) {
          statuses.push({
            name: source.name,
            status: 'skipped',
            message: 'classification filters use the local corpus',
          })
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
  }
}
