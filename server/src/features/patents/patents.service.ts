import {
  type PatentDetail,
  type PatentSearchQuery,
  type PatentSearchResult,
  patentMessages,
  type SimilarityResult,
  type SourceStatus,
} from '@patentdesk/contract/patents'
import type { Db } from '~/db/client'
import { AppError } from '~/errors'
import type { PriorArtIndex } from '~/features/prior-art/prior-art.service'
import type { PatentSource } from '~/providers/patent-sources/types'
import { ancestorsOf, describeClassifications } from './classifications'
import * as search from './patent-search.repo'
import * as repo from './patents.repo'
import { compare, surfaceForms, weigh } from './similarity'
import * as termStats from './term-stats.repo'

type PatentRow = NonNullable<Awaited<ReturnType<typeof repo.findPatent>>>

const DF_CACHE_LIMIT = 50_000
/** Phrase queries: index matches checked against the database at a time, at least. */
const PHRASE_CHECK = 200
/** Phrase queries: at most this many index matches are checked for one page. */
const PHRASE_CHECK_MAX = 5000
/** Above this many expected matches, ranking every match would cost more than the answer is worth. */
const LARGE_RESULT = 1500
/** Counting matches costs about 1.5 ms per thousand on PostgreSQL; beyond this an estimate is honest enough. */
const EXACT_COUNT = 20_000

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Patent data from the local corpus, or first from the configured external sources; any external
 * failure falls back to the corpus and is reported in `sources`.
 */
export function createPatentsService({
  db,
  index,
  sources = [],
}: {
  db: Db
  /** The patent index the search box is answered from (docs/decisions/0014); the database otherwise. */
  index?: Pick<PriorArtIndex, 'search'>
  sources?: PatentSource[]
}) {
  // Document frequencies change only when patents are imported; a bounded cache spares repeated counts.
  const dfCache = new Map<string, number>()
  // The corpus size is needed by every weighting and costs a scan; a minute-old count is exact enough.
  let size: { value: number; at: number } | undefined
  async function corpusSize() {
    if (!size || Date.now() - size.at > 60_000) size = { value: await repo.countPatents(db), at: Date.now() }
    return size.value
  }

  async function documentFrequencies(lexemes: string[]) {
    const missing = lexemes.filter((l) => !dfCache.has(l))
    if (dfCache.size + missing.length > DF_CACHE_LIMIT) dfCache.clear()
    for (const [lexeme, df] of await termStats.documentFrequencies(db, missing)) dfCache.set(lexeme, df)
    return dfCache
  }

  async function requirePatent(reference: string) {
    const row = await repo.findPatent(db, reference.toUpperCase())
    if (!row) throw new AppError('NOT_FOUND', patentMessages.notFound)
    return row
  }

  async function toDetail(row: PatentRow): Promise<PatentDetail> {
    const codes = [
      ...row.cpc.map((code) => ({ code, scheme: 'CPC' as const })),
      ...row.ipc.map((code) => ({ code, scheme: 'IPC' as const })),
    ]
    const titles = await repo.findClassificationTitles(db, [
      ...new Set(codes.flatMap((c) => ancestorsOf(c.code))),
    ])
    return {
      reference: row.reference,
      title: row.title,
      source: row.source,
      status: row.status,
      abstract: row.abstract,
      description: row.description,
      filingDate: row.filingDate,
      publicationDate: row.publicationDate,
      grantDate: row.grantDate,
      priority: row.priorityDate,
      applicationNumber: row.applicationNumber,
      kind: row.kind,
      documentType: row.documentType,
      country: row.country,
      applicants: row.applicants.length > 0 ? row.applicants : row.assignees,
      inventors: row.inventors,
      claims: row.claims,
      family: row.family.map((f) => ({
        reference: f.reference,
        type: f.type,
        date: f.date ?? null,
        held: false,
      })),
      designatedStates: row.designatedStates,
      cpc: row.cpc,
      ipc: row.ipc,
      classifications: describeClassifications(codes, new Map(titles.map((t) => [t.code, t.title]))),
      citations: row.citations,
    }
  }

  /**
   * From the index: its matches, ranked, and the page's rows from the database. A phrase query's matches
   * hold the phrase's words anywhere; the database keeps those that hold the phrase, checking the best
   * first until the page is full (the total is then an estimate when not every match was checked).
   */
  async function searchIndexed({ q, page, num, ...filters }: PatentSearchQuery) {
    if (!index) return undefined
    const offset = (page - 1) * num
    const first = await index.search({ q, filters, offset, limit: num })
    if (!first) return undefined
    if (!first.phrases) return { total: first.total, approximate: false, references: first.references }
    // A page beyond what is ever checked stays empty: a small check estimates the total, and no more.
    const reachable = offset + num <= PHRASE_CHECK_MAX
    let depth = reachable
      ? Math.min(PHRASE_CHECK_MAX, Math.max(PHRASE_CHECK, (offset + num) * 2))
      : PHRASE_CHECK
    for (;;) {
      const candidates = await index.search({ q, filters, offset: 0, limit: depth })
      if (!candidates) return undefined
      const holding = await search.holdingPhrases(db, q, candidates.references)
      const kept = candidates.references.filter((r) => holding.has(r))
      const complete = candidates.references.length >= candidates.total
      if (!reachable || complete || kept.length >= offset + num || depth >= PHRASE_CHECK_MAX) {
        const total = complete
          ? kept.length
          : Math.round((candidates.total * kept.length) / candidates.references.length)
        return { total, approximate: !complete, references: kept.slice(offset, offset + num) }
      }
      depth = Math.min(PHRASE_CHECK_MAX, depth * 4)
    }
  }

  async function searchLocal(query: PatentSearchQuery) {
    const { q, page, num } = query
    const indexed = await searchIndexed(query)
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

  async function withFamily(detail: PatentDetail) {
    if (detail.family.length > 0) return detail
    for (const source of sources) {
      const family = await source.family?.(detail.reference).catch(() => [])
      if (family && family.length > 0) return { ...detail, family }
    }
    return detail
  }

  /** Marks the family members the corpus holds: only those have a details page here. */
  async function withHeldFamily(detail: PatentDetail): Promise<PatentDetail> {
    if (detail.family.length === 0) return detail
    const held = await repo.findHeldReferences(
      db,
      detail.family.map((f) => f.reference),
    )
    return {
      ...detail,
      family: detail.family.map((f) => ({ ...f, held: held.has(f.reference) })),
    }
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

    /** Local record first (its family completed from a source when it has none), then the sources. */
    async details(reference: string) {
      const normalised = reference.toUpperCase()
      const row = await repo.findPatent(db, normalised)
      if (row) return withHeldFamily(await withFamily(await toDetail(row)))
      for (const source of sources) {
        const found = await source.details?.(normalised).catch(() => undefined)
        if (found) return withHeldFamily(found)
      }
      throw new AppError('NOT_FOUND', patentMessages.notFound)
    },

    /** TF-IDF cosine over title, abstract and claims, with the corpus's document frequencies. */
    async similarity(references: string[]): Promise<SimilarityResult> {
      const rows = await Promise.all(references.map(requirePatent))
      const texts = rows.map((r) => [r.title, r.abstract ?? '', ...r.claims].join('\n'))
      const counts = await Promise.all(texts.map((text) => termStats.termCounts(db, text)))
      const df = await documentFrequencies([...new Set(counts.flatMap((c) => [...c.keys()]))])
      const total = await corpusSize()
      const vectors = counts.map((c) => weigh(c, df, total))
      const sharedTerms: Record<string, string[]> = {}
      // compare() is symmetric, so the matrix is too; each pair keeps its shared terms once, under "i-j" with i < j.
      const matrix = vectors.map((a, i) =>
        vectors.map((b, j) => {
          if (i === j) return 100
          const { percent, terms } = compare(a, b)
          // A pair that rounds to 0% shares nothing worth naming.
          if (i < j)
            sharedTerms[`${i}-${j}`] = percent > 0 ? terms.map(surfaceForms(`${texts[i]}\n${texts[j]}`)) : []
          return percent
        }),
      )
      return { patents: rows.map((r) => ({ reference: r.reference, title: r.title })), matrix, sharedTerms }
    },
  }
}

export type PatentsService = ReturnType<typeof createPatentsService>
