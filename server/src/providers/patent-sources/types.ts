import type { PatentDetail, PatentSearchQuery, PatentSearchResult } from '@patentdesk/contract/patents'

/** A patent a source offers as prior art: what an analysis ranks and charts beside the corpus's patents. */
export type OfferedPatent = {
  reference: string
  title: string
  abstract: string | null
  claims: string[]
  description: string | null
  applicants: string[]
  filingDate: string | null
  priorityDate: string | null
  publicationDate: string | null
}

/** What an analysis asks a source for: patents matching the words, made public or filed before `before`. */
export type PriorArtRequest = { query: string[]; before: string; limit: number; signal: AbortSignal }

/** An external patent data source. Each answers what it can; the service falls back to the local corpus. */
export type PatentSource = {
  name: string
  /** How a user knows it ("Google Patents (SerpApi)"). */
  label: string
  /** Prior art for an analysis: the source's best matches for the words, with their texts. */
  priorArt?: (request: PriorArtRequest) => Promise<OfferedPatent[]>
  search?: (query: PatentSearchQuery) => Promise<Omit<PatentSearchResult, 'sources'>>
  /** The patent, or undefined when the source does not know it. */
  details?: (reference: string) => Promise<PatentDetail | undefined>
  /** Family members, for records that lack them. */
  family?: (reference: string) => Promise<PatentDetail['family']>
}

export class SourceError extends Error {
  constructor(
    message: string,
    /** The source refused for its quota (searches per hour, month, week): asking again soon is wasted. */
    readonly quota = false,
  ) {
    super(message)
  }
}

/** How much of a refusal's body is read for its reason. */
const REASON_BYTES = 4096
/** SerpApi's words when an account has used its searches (its answer is otherwise a plain 429 or 401). */
const OUT_OF_SEARCHES = /run out of searches|searches per hour|plan limit/i

/**
 * Why a source refused, from its answer: the `error` of a JSON body (SerpApi), the EPO's rejection reason
 * header (OPS: `X-Rejection-Reason: IndividualQuotaPerHour`), else the status; and whether it is a quota.
 */
async function refusalOf(source: string, response: Response) {
  const rejection = response.headers.get('x-rejection-reason') ?? ''
  const body = (await response.text().catch(() => '')).slice(0, REASON_BYTES)
  let reason = ''
  try {
    const error = (JSON.parse(body) as { error?: unknown } | null)?.error
    if (typeof error === 'string') reason = error
  } catch {
    // Not JSON: the status says it.
  }
  const quota = response.status === 429 || /quota/i.test(rejection) || OUT_OF_SEARCHES.test(reason)
  const said = reason || rejection || response.statusText
  return new SourceError(`${source} answered ${response.status}${said ? `: ${said}` : ''}`, quota)
}

/**
 * GET JSON with a timeout (and the caller's `signal`, when it gives one); any non-2xx answer or network
 * failure is a SourceError naming the source.
 */
export async function fetchJson(source: string, url: string, init: RequestInit = {}, timeoutMs = 8000) {
  let response: Response
  const timeout = AbortSignal.timeout(timeoutMs)
  try {
    response = await fetch(url, {
      ...init,
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    })
  } catch (error) {
    throw new SourceError(`${source} is unreachable (${(error as Error).message})`)
  }
  if (response.status === 404) return undefined
  if (!response.ok) throw await refusalOf(source, response)
  try {
    return (await response.json()) as unknown
  } catch {
    throw new SourceError(`${source} sent a response that is not JSON`)
  }
}
