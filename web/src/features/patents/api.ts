import type { PatentDetail, PatentSearchResult, SimilarityResult } from '@patentdesk/contract/patents'
import { patentLimits } from '@patentdesk/contract/patents'
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

/** A lookup of one patent: a 404 is an unknown reference, not the public empty result (spec §7). */
const fetchOne =
  <T>() =>
  ({ queryKey: [path], signal }: { queryKey: readonly [string]; signal: AbortSignal }) =>
    apiRequest<T>(path, { signal, publicFallback: false })

export const patentSearchQueryOptions = (state: SearchState) =>
  queryOptions<SearchAnswer>({ queryKey: [patentSearchPath(state)], retry: retryPublic })

/** A 400 names the refused parameter; the search shows it at its field rather than as a failed search. */
export const badRequestOf = (error: Error | null) =>
  error instanceof ApiError && error.status === 400 ? error : null

export const searchErrorText = 'There was an error performing your search. Please try again.'
export const comparisonErrorText = 'There was an error fetching one or more patents. Please try again.'
export const detailErrorText = "We couldn't load this patent's information. Please try again later."

export function usePatentSearch(state: SearchState) {
  return useQuery({
    ...patentSearchQueryOptions(state),
    enabled: state.q !== '',
    placeholderData: keepPreviousData,
    meta: {
      errorTitle: 'Search Error',
      errorDescription: () => searchErrorText,
      errorToast: (error) => !badRequestOf(error),
    },
  })
}

export const patentDetailQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: [patentDetailsPath(reference)] as const,
    queryFn: fetchOne<PatentDetail>(),
    staleTime: detailCacheMs,
    gcTime: detailCacheMs,
    retry: retryPublic,
  })

export function usePatentDetail(reference: string) {
  return useQuery({
    ...patentDetailQueryOptions(reference),
    meta: {
      errorTitle: 'Error Loading Patent Details',
      errorDescription: () => detailErrorText,
      errorToast: (error) => !isUnknownReference(error),
    },
  })
}

export const comparedPatentQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: [comparedPatentPath(reference)] as const,
    queryFn: fetchOne<PatentDetail>(),
    retry: retryPublic,
  })

export function useComparedPatents(references: string[]) {
  return useQueries({
    queries: references.map((reference) => ({
      ...comparedPatentQueryOptions(reference),
      meta: { errorTitle: 'Error Loading Patents', errorDescription: () => comparisonErrorText },
    })),
  })
}

export const similarityQueryOptions = (references: string[]) =>
  queryOptions({
    queryKey: [similarityPath(references)] as const,
    queryFn: fetchOne<SimilarityResult>(),
    retry: retryPublic,
  })

export function useSimilarity(references: string[]) {
  return useQuery(similarityQueryOptions(references))
}
