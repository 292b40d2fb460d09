import { UkDateTextSchema } from '@patentdesk/contract/common'
import { checkFilingDateRange, PatentSearchQuerySchema, patentLimits } from '@patentdesk/contract/patents'
import { z } from 'zod'

export const filterNames = ['from', 'to', 'cpc', 'applicant'] as const
export type FilterName = (typeof filterNames)[number]
export type SearchFilters = Partial<Record<FilterName, string>>

/** What the search screen keeps in its URL: the query, the page and the filters. */
export type SearchState = { q: string; page: number; filters: SearchFilters }

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
  }
}

/** The URL search string of a state; page 1 is left out so a new search has a clean address. */
export function toSearchParams({ q, page, filters }: SearchState) {
  const params = new URLSearchParams({ q })
  if (page > 1) params.set('page', String(page))
  for (const name of filterNames) {
    const value = filters[name]
    if (value) params.set(name, value)
  }
  return params
}

const { shape } = PatentSearchQuerySchema

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
