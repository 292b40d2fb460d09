import { type PatentDetail, type PatentSearchQuery, sourceLabels } from '@patentdesk/contract/patents'
import { z } from 'zod'
import { fetchJson, type PatentSource, SourceError } from './types'

const text = z.string().nullish()

/** The parts of SerpApi's Google Patents answers we use (engine=google_patents / google_patents_details). */
const SearchAnswerSchema = z.object({
  search_information: z.object({ total_results: z.number().nullish() }).nullish(),
  organic_results: z
    .array(
      z.object({
        publication_number: z.string(),
        title: z.string(),
        snippet: text,
        priority_date: text,
        filing_date: text,
        publication_date: text,
        assignee: text,
      }),
    )
    .nullish(),
  error: text,
})

const DetailsAnswerSchema = z.object({
  title: z.string(),
  publication_number: z.string().nullish(),
  abstract: text,
  claims: z.array(z.string()).nullish(),
  inventors: z.array(z.object({ name: z.string() })).nullish(),
  assignees: z.array(z.string()).nullish(),
  priority_date: text,
  filing_date: text,
  publication_date: text,
  application_number: text,
  classifications: z.array(z.object({ code: z.string() })).nullish(),
})

const yyyymmdd = (date: string) => date.replaceAll('-', '')

/** Google Patents through SerpApi: https://serpapi.com/google-patents-api */
export function createSerpApiSource({ apiKey, baseUrl }: { apiKey: string; baseUrl: string }): PatentSource {
  const get = (params: Record<string, string>, signal?: AbortSignal) =>
    fetchJson('SerpApi', `${baseUrl}/search.json?${new URLSearchParams({ ...params, api_key: apiKey })}`, {
      signal,
    })
  /** A patent's page (abstract, claims) as Google Patents holds it; undefined when it has none. */
  async function detailsOf(reference: string, signal?: AbortSignal) {
    const raw = await get({ engine: 'google_patents_details', patent_id: `patent/${reference}/en` }, signal)
    const answer = DetailsAnswerSchema.safeParse(raw)
    return answer.success ? answer.data : undefined
  }

  return {
    name: 'serpapi',
    label: sourceLabels.serpapi as string,

    /**
     * Google Patents' best matches for the words with a priority before the date, then each one's page for
     * its abstract and claims (one search and `limit` pages of the account's quota); a page that does not
     * come leaves the result's snippet as its abstract.
     */
    async priorArt({ query, before, limit, signal }) {
      const raw = await get(
        { engine: 'google_patents', q: query.join(' '), before: `priority:${yyyymmdd(before)}`, num: '10' },
        signal,
      )
      const answer = SearchAnswerSchema.safeParse(raw ?? {})
      if (!answer.success) throw new SourceError('SerpApi sent an answer in an unexpected shape')
      if (answer.data.error) throw new SourceError(`SerpApi: ${answer.data.error}`)
      const hits = (answer.data.organic_results ?? []).slice(0, limit)
      const pages = await Promise.all(
        hits.map((hit) => detailsOf(hit.publication_number, signal).catch(() => undefined)),
      )
      return hits.map((hit, i) => ({
        reference: hit.publication_number,
        title: hit.title,
        abstract: pages[i]?.abstract ?? hit.snippet ?? null,
        claims: pages[i]?.claims ?? [],
        description: null,
        applicants: hit.assignee ? [hit.assignee] : [],
        filingDate: hit.filing_date ?? null,
        priorityDate: hit.priority_date ?? pages[i]?.priority_date ?? null,
        publicationDate: hit.publication_date ?? null,
      }))
    },

    async search(query: PatentSearchQuery) {
      const params: Record<string, string> = {
        engine: 'google_patents',
        q: query.q,
        page: String(query.page),
        num: String(Math.max(10, query.num)),
      }
      if (query.from) params.after = `filing:${yyyymmdd(query.from)}`
      if (query.to) params.before = `filing:${yyyymmdd(query.to)}`
      if (query.applicant) params.assignee = query.applicant
      const answer = SearchAnswerSchema.safeParse(await get(params))
      if (!answer.success) throw new SourceError('SerpApi sent an answer in an unexpected shape')
      if (answer.data.error) throw new SourceError(`SerpApi: ${answer.data.error}`)
      const results = (answer.data.organic_results ?? []).slice(0, query.num)
      return {
        totalResults: answer.data.search_information?.total_results ?? results.length,
        totalIsApproximate: true,
        source: 'serpapi',
        page: query.page,
        num: query.num,
        patents: results.map((r) => ({
          reference: r.publication_number,
          title: r.title,
          description: r.snippet ?? '',
          snippet: r.snippet ?? '',
          publicationDate: r.publication_date ?? null,
          filingDate: r.filing_date ?? null,
          applicants: r.assignee ? [r.assignee] : [],
          cpc: [],
        })),
      }
    },

    async details(reference: string): Promise<PatentDetail | undefined> {
      const d = await detailsOf(reference)
      if (!d) return undefined
      const cpc = (d.classifications ?? []).map((c) => c.code)
      return {
        reference: d.publication_number ?? reference,
        title: d.title,
        source: 'Google Patents (SerpApi)',
        status: null,
        abstract: d.abstract ?? null,
        description: null,
        filingDate: d.filing_date ?? null,
        publicationDate: d.publication_date ?? null,
        grantDate: null,
        priority: d.priority_date ?? null,
        applicationNumber: d.application_number ?? null,
        kind: null,
        documentType: 'unknown',
        country: reference.slice(0, 2),
        applicants: d.assignees ?? [],
        inventors: (d.inventors ?? []).map((i) => i.name),
        claims: d.claims ?? [],
        family: [],
        designatedStates: [],
        cpc,
        ipc: [],
        classifications: cpc.map((code) => ({ code, scheme: 'CPC' as const, title: null, path: [] })),
        citations: [],
        citedBy: { total: 0, patents: [] },
        language: null,
        otherTexts: [],
      }
    },
  }
}
