import { UkDateTextSchema } from '@patentdesk/contract/common'
import { checkFilingDateRange, PatentSearchQuerySchema, patentLimits } from '@patentdesk/contract/patents'
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

/** What the search screen keeps in its URL: the query, the page, the filters and the order. */
export type SearchState = { q: string; page: number; filters: SearchFilters; order: SearchOrder }

export function readSearchState(params: URLSearchParams): SearchState {
  const page = Number(params.get('page'))
  const filters: SearchFilters = {}
  for (const name of filterNames) {
    const value = params.get(name)?.trim()
    if (value) filters[name] = value
  }
  return {
    q: params.get('q')?.trim() ?? '',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, patentLimits.page.max) : 1,
    filters,
    order: SearchOrderSchema.parse(Object.fromEntries(params)),
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
  return params
}

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
