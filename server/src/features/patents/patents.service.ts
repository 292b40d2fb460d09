import {
  type PatentDetail,
  type PatentSearchQuery,
  type PatentSearchResult,
  patentMessages,
  type SimilarityResult,
} from '@patentdesk/contract/patents'
import type { Db } from '~/db/client'
import { AppError } from '~/errors'
import { ancestorsOf, describeClassifications } from './classifications'
import * as repo from './patents.repo'
import { compare, surfaceForms, weigh } from './similarity'

type PatentRow = NonNullable<Awaited<ReturnType<typeof repo.findPatent>>>

const DF_CACHE_LIMIT = 50_000

export function createPatentsService({ db }: { db: Db }) {
  // Document frequencies change only when patents are imported; a bounded cache spares repeated counts.
  const dfCache = new Map<string, number>()

  async function documentFrequencies(lexemes: string[]) {
    const missing = lexemes.filter((l) => !dfCache.has(l))
    if (dfCache.size + missing.length > DF_CACHE_LIMIT) dfCache.clear()
    for (const [lexeme, df] of await repo.documentFrequencies(db, missing)) dfCache.set(lexeme, df)
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
      family: row.family.map((f) => ({ reference: f.reference, type: f.type, date: f.date ?? null })),
      designatedStates: row.designatedStates,
      cpc: row.cpc,
      ipc: row.ipc,
      classifications: describeClassifications(codes, new Map(titles.map((t) => [t.code, t.title]))),
      citations: row.citations,
    }
  }

  return {
    async search({ q, page, num, ...filters }: PatentSearchQuery): Promise<PatentSearchResult> {
      const offset = (page - 1) * num
      const rows = await repo.searchPatents(db, { q, filters, limit: num, offset })
      // Past the last page the window has no rows to carry the total; count it separately then.
      const totalResults = rows[0]?.total ?? (offset > 0 ? await repo.countSearch(db, q, filters) : 0)
      return {
        totalResults,
        source: 'local',
        sources: [{ name: 'local', status: 'ok' }],
        page,
        num,
        patents: rows.map((r) => ({
          reference: r.reference,
          title: r.title,
          description: r.abstract ?? '',
          snippet: r.snippet,
          publicationDate: r.publication_date,
          filingDate: r.filing_date,
          applicants: r.applicants,
          cpc: r.cpc,
        })),
      }
    },

    async details(reference: string) {
      return toDetail(await requirePatent(reference))
    },

    /** TF-IDF cosine over title, abstract and claims, with the corpus's document frequencies. */
    async similarity(references: string[]): Promise<SimilarityResult> {
      const rows = await Promise.all(references.map(requirePatent))
      const texts = rows.map((r) => [r.title, r.abstract ?? '', ...r.claims].join('\n'))
      const counts = await Promise.all(texts.map((text) => repo.termCounts(db, text)))
      const df = await documentFrequencies([...new Set(counts.flatMap((c) => [...c.keys()]))])
      const corpusSize = await repo.countPatents(db)
      const vectors = counts.map((c) => weigh(c, df, corpusSize))
      const matrix = vectors.map((a) => vectors.map(() => 0))
      const sharedTerms: Record<string, string[]> = {}
      vectors.forEach((a, i) => {
        matrix[i]![i] = 100
        for (let j = i + 1; j < vectors.length; j++) {
          const { percent, terms } = compare(a, vectors[j]!)
          matrix[i]![j] = percent
          matrix[j]![i] = percent
          const readable = surfaceForms(`${texts[i]}\n${texts[j]}`)
          sharedTerms[`${i}-${j}`] = terms.map(readable)
        }
      })
      return { patents: rows.map((r) => ({ reference: r.reference, title: r.title })), matrix, sharedTerms }
    },
  }
}

export type PatentsService = ReturnType<typeof createPatentsService>
