import type { PatentDetail, PatentSearchResult, SimilarityResult } from '@patentdesk/contract/patents'
import { patentLimits } from '@patentdesk/contract/patents'
import { keepPreviousData, type QueryClient, queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { ApiError, apiRequest, unreadableMessage } from '@/lib/api-client'
import { readSearchState, type SearchState, searchParamsOf } from './search-params'

const publicRetries = 2
const detailCacheMs = 10_000

const patentSearchPath = (state: SearchState) => {
  const params = searchParamsOf(state)
  params.set('page', String(state.page))
  params.set('num', String(patentLimits.num.default))
  return `/api/public/serpapi/patents?${params}`
}
/** The CSV of the search's first `patentLimits.exportRows` results, downloaded by the browser itself. */
export const patentExportPath = (state: Omit<SearchState, 'page'>) =>
  `/api/public/serpapi/patents.csv?${searchParamsOf(state)}`
const patentDetailsPath = (reference: string) =>
  `/api/public/patents/details/${encodeURIComponent(reference)}`
const comparedPatentPath = (reference: string) =>
  `/api/public/serpapi/patents/${encodeURIComponent(reference)}`
const similarityPath = (references: string[]) =>
  `/api/public/patents/similarity?refs=${references.map(encodeURIComponent).join(',')}`

type SearchAnswer = Pick<PatentSearchResult, 'totalResults' | 'sources' | 'patents'> &
  Partial<Pick<PatentSearchResult, 'totalIsApproximate'>>

/** No such patent: a 404, or a 400 for a reference that cannot be one (the server checks its shape). */
export const isUnknownReference = (error: Error | null) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400)

/** Retries what may pass (twice, docs/product.md, Calls and answers); a 4xx — a bad filter, an unknown
 * reference — will not. */
function retryPublic(failureCount: number, error: Error) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < publicRetries
}

const emptySearchResult: SearchAnswer = { totalResults: 0, sources: [], patents: [] }

/**
 * The search's own rule, which no other call has: a 404, or an answer that came but cannot be read,
 * is a search that found nothing rather than a failure.
 */
async function searchPatents({
  queryKey: [path],
  signal,
}: {
  queryKey: readonly [string]
  signal: AbortSignal
}) {
  try {
    return await apiRequest<SearchAnswer>(path, { signal })
  } catch (error) {
    const foundNothing =
      error instanceof ApiError && (error.status === 404 || error.message === unreadableMessage)
    if (foundNothing) return emptySearchResult
    throw error
  }
}

export const patentSearchQueryOptions = (state: SearchState) =>
  queryOptions({
    queryKey: [patentSearchPath(state)] as const,
    queryFn: searchPatents,
    retry: retryPublic,
  })

/**
 * The search route's loader: the answer to the URL's query is asked for as soon as the page's modules are in,
 * not once the page has rendered and committed (its useQuery then finds it asked).
 */
export function prefetchPatentSearch(client: QueryClient, url: string) {
  const state = readSearchState(new URL(url).searchParams)
  if (state.q) void client.prefetchQuery(patentSearchQueryOptions(state))
}

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
  queryOptions<PatentDetail>({
    queryKey: [patentDetailsPath(reference)],
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
  queryOptions<PatentDetail>({
    queryKey: [comparedPatentPath(reference)],
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
  queryOptions<SimilarityResult>({
    queryKey: [similarityPath(references)],
    retry: retryPublic,
  })

export function useSimilarity(references: string[]) {
  return useQuery(similarityQueryOptions(references))
}
