import { UkDateTextSchema } from '@patentdesk/contract/common'
import { checkFilingDateRange, PatentSearchQuerySchema, patentLimits } from '@patentdesk/contract/patents'
import { savedSearchParam } from '@patentdesk/contract/saved-search-paths'
import type { SavedQuery } from '@patentdesk/contract/saved-searches'
import { z } from 'zod'

export const filterNames = ['from', 'to', 'cpc', 'applicant'] as const
export type FilterName = (typeof filterNames)[number]
export type SearchFilters = Partial<Record<FilterName, string>>

const { shape } = PatentSearchQuerySchema

/**
 * The contract's rule for a value of the URL, or its default when the value breaks it: an edited or old link
 * still searches.
 */
const orDefault = <T extends z.ZodType>(rule: T) => rule.catch(() => rule.parse(undefined))

/** How the results are handled: their order (`sort` by `dateType`) and `dups`, one patent per family. */
const SearchOrderSchema = z.object({
  sort: orDefault(shape.sort),
  dateType: orDefault(shape.dateType),
  dups: orDefault(shape.dups),
})
export type SearchOrder = z.infer<typeof SearchOrderSchema>
export const defaultOrder: SearchOrder = SearchOrderSchema.parse({})

/**
 * What the search screen keeps in its URL: the query, the page, the filters and the order; `saved`, the saved
 * search it was opened as (its new patents marked), until the query or filters change.
 */
export type SearchState = {
  q: string
  page: number
  filters: SearchFilters
  order: SearchOrder
  saved?: number
}

const positiveInteger = (text: string | null) => {
  const value = Number(text)
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined
}

export function readSearchState(params: URLSearchParams): SearchState {
  const page = positiveInteger(params.get('page')) ?? 1
  const filters: SearchFilters = {}
  for (const name of filterNames) {
    const value = params.get(name)?.trim()
    if (value) filters[name] = value
  }
  return {
    q: params.get('q')?.trim() ?? '',
    page: Math.min(page, patentLimits.page.max),
    filters,
    order: SearchOrderSchema.parse(Object.fromEntries(params)),
    saved: positiveInteger(params.get(savedSearchParam)),
  }
}

/** The order's parameters that differ from the default; the date type counts only when sorting by date. */
function orderEntries({ sort, dateType, dups }: SearchOrder) {
  const entries: [string, string][] = []
  if (sort !== defaultOrder.sort) entries.push(['sort', sort])
  if (sort !== defaultOrder.sort && dateType !== defaultOrder.dateType) entries.push(['dateType', dateType])
  if (dups) entries.push(['dups', dups])
  return entries
}

/**
 * A search without its page, as the URL, the API and the export write it: what is blank or the default is
 * left out, so a plain search has a clean address.
 */
export function searchParamsOf({ q, filters, order }: Omit<SearchState, 'page'>) {
  const params = new URLSearchParams({ q })
  for (const name of filterNames) {
    const value = filters[name]
    if (value) params.set(name, value)
  }
  for (const [name, value] of orderEntries(order)) params.set(name, value)
  return params
}

/** The URL search string of a state; page 1 is left out so a new search has a clean address. */
export function toSearchParams(state: SearchState) {
  const params = searchParamsOf(state)
  if (state.page > 1) params.set('page', String(state.page))
  if (state.saved) params.set(savedSearchParam, String(state.saved))
  return params
}

/** The search as a saved search keeps it. */
export const savedQueryOf = ({ q, filters, order }: SearchState): SavedQuery => ({
  q,
  ...filters,
  sort: order.sort,
  dateType: order.dateType,
  ...(order.dups && { dups: order.dups }),
})

/** A blank filter field means no filter; anything else must pass the contract's rule for it. */
const optionalFilter = <T extends z.ZodType<unknown, string>>(rule: T) =>
  z
    .string()
    .trim()
    .pipe(z.union([z.literal('').transform(() => undefined), rule]))

/** A date filter is typed as dd/mm/yyyy and kept in the URL as YYYY-MM-DD. */
const optionalDate = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(UkDateTextSchema.optional())

export const SearchFiltersFormSchema = z
  .object({
    from: optionalDate,
    to: optionalDate,
    cpc: optionalFilter(shape.cpc.unwrap()),
    applicant: optionalFilter(shape.applicant.unwrap()),
  })
  .superRefine(checkFilingDateRange)
export type SearchFiltersFormValues = z.input<typeof SearchFiltersFormSchema>

export const SearchQueryFormSchema = z.object({ q: shape.q })
