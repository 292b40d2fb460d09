import type { PatentDetail, PatentSearchResult, SimilarityResult } from '@patentdesk/contract/patents'
import { patentLimits, patentMessages } from '@patentdesk/contract/patents'
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { ApiError, apiRequest } from '@/lib/api-client'
import { filterNames, type SearchState } from './search-params'

const publicRetries = 2
const detailCacheMs = 10_000

const patentSearchPath = ({ q, page, filters }: SearchState) => {
  const params = new URLSearchParams({ q, page: String(page), num: String(patentLimits.num.default) })
  for (const name of filterNames) {
    const value = filters[name]
    if (value) params.set(name, value)
  }
  return `/api/public/serpapi/patents?${params}`
}
const patentDetailsPath = (reference: string) =>
  `/api/public/patents/details/${encodeURIComponent(reference)}`
const comparedPatentPath = (reference: string) =>
  `/api/public/serpapi/patents/${encodeURIComponent(reference)}`
const similarityPath = (references: string[]) =>
  `/api/public/patents/similarity?refs=${references.map(encodeURIComponent).join(',')}`

/** A public call answers a 404 with an empty search result, or null when the body is unreadable (spec §7). */
type SearchAnswer =
  | (Pick<PatentSearchResult, 'totalResults' | 'sources' | 'patents'> &
      Partial<Pick<PatentSearchResult, 'totalIsApproximate'>>)
  | null

/** No such patent: a 404, or a 400 for a reference that cannot be one (the server checks its shape). */
export const isUnknownReference = (error: Error | null) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/** Retries what may pass (spec §7: twice); a 4xx — a bad filter, an unknown reference — will not. */
function retryPublic(failureCount: number, error: Error) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < publicRetries
}

async function fetchPublic<T extends object>(path: string, key: keyof T, signal: AbortSignal) {
  const answer = await apiRequest<T | { totalResults: 0 } | null>(path, { signal })
  if (answer === null) throw new Error('The server sent a response that could not be read.')
  // apiRequest turns a public 404 into the empty search result; here it means the patent is unknown.
  if (!(key in answer)) throw new ApiError(404, patentMessages.notFound)
  return answer as T
}

export const patentSearchQueryOptions = (state: SearchState) =>
  queryOptions<SearchAnswer>({ queryKey: [patentSearchPath(state)], retry: retryPublic })

export function usePatentSearch(state: SearchState) {
  return useQuery({
    ...patentSearchQueryOptions(state),
    enabled: state.q !== '',
    placeholderData: keepPreviousData,
  })
}

export const patentDetailQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: [patentDetailsPath(reference)] as const,
    queryFn: ({ queryKey: [path], signal }) => fetchPublic<PatentDetail>(path, 'reference', signal),
    staleTime: detailCacheMs,
    gcTime: detailCacheMs,
    retry: retryPublic,
  })

export function usePatentDetail(reference: string) {
  return useQuery(patentDetailQueryOptions(reference))
}

export const comparedPatentQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: [comparedPatentPath(reference)] as const,
    queryFn: ({ queryKey: [path], signal }) => fetchPublic<PatentDetail>(path, 'reference', signal),
    retry: retryPublic,
  })

export function useComparedPatents(references: string[]) {
  return useQueries({ queries: references.map(comparedPatentQueryOptions) })
}

export const similarityQueryOptions = (references: string[]) =>
  queryOptions({
    queryKey: [similarityPath(references)] as const,
    queryFn: ({ queryKey: [path], signal }) => fetchPublic<SimilarityResult>(path, 'matrix', signal),
    retry: retryPublic,
  })

export function useSimilarity(references: string[]) {
  return useQuery(similarityQueryOptions(references))
}
