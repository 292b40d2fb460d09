import type { PatentDetail, PatentSearchQuery, PatentSearchResult } from '@patentdesk/contract/patents'

/** An external patent data source. Each answers what it can; the service falls back to the local corpus. */
export type PatentSource = {
  name: string
  search?: (query: PatentSearchQuery) => Promise<Omit<PatentSearchResult, 'sources'>>
  /** The patent, or undefined when the source does not know it. */
  details?: (reference: string) => Promise<PatentDetail | undefined>
  /** Family members, for records that lack them. */
  family?: (reference: string) => Promise<PatentDetail['family']>
}

export class SourceError extends Error {}

/** GET JSON with a timeout; any non-2xx answer or network failure is a SourceError naming the source. */
export async function fetchJson(source: string, url: string, init: RequestInit = {}, timeoutMs = 8000) {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    throw new SourceError(`${source} is unreachable (${(error as Error).message})`)
  }
  if (response.status === 404) return undefined
  if (!response.ok) throw new SourceError(`${source} answered ${response.status} ${response.statusText}`)
  try {
    return (await response.json()) as unknown
  } catch {
    throw new SourceError(`${source} sent a response that is not JSON`)
  }
}
