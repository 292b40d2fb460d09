import { z } from 'zod'
import { IsoDateSchema } from './common'
import { compactReference, referenceKey, splitReferences } from './patent-references'
import { dateTypes, parseSearchQuery, queryProblemText } from './search-query'

export const patentLimits = {
  query: { max: 500 },
  num: { default: 10, max: 100 },
  page: { max: 1000 },
  compare: { min: 2, max: 10 },
  /** The results an export holds: the first of the query's, as Google Patents exports them. */
  exportRows: 1000,
  /** Cuts the screens make (docs/product.md, Search; Comparison). */
  searchDescriptionCut: 250,
  sideBySideCut: 200,
} as const

export const patentMessages = {
  queryRequired: 'Enter something to search for.',
  queryMax: `The query must not exceed ${patentLimits.query.max} characters.`,
  notFound: 'No patent with this reference was found.',
  compareMin: 'Please select at least two patents to compare. Go back to the search page to select patents.',
  compareMax: `Compare at most ${patentLimits.compare.max} patents at a time.`,
  badCpc: 'must be a classification prefix such as G06F or G06F16/30',
  reversedDates: 'The end date must not be before the start date.',
  /** The database's own search answers while the index is rebuilt: it reads words, phrases, OR and -. */
  indexOnly:
    'Fields, filters, proximity, truncation, sorting by date and one patent per family are answered by the patent index, which is being rebuilt after an import: try again in a minute, or search with words, "phrases", OR and - by relevance.',
  exportIndexOnly:
    'The export is made from the patent index, which is being rebuilt after an import: try again in a minute.',
} as const

/** A range that ends before it starts finds nothing: refused at `to`, in the form and the API alike. */
export function checkFilingDateRange(range: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (range.from && range.to && range.to < range.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: patentMessages.reversedDates })
}

/** How results are ordered: best match first, or by the chosen date type, newest or oldest first. */
export const searchSorts = ['relevance', 'new', 'old'] as const

/**
 * What a search is, without its page: Google Patents' syntax in `q` (contract/src/search-query.ts), the
 * filters, the order (`sort` by `dateType`) and `dups=family` for one patent per family.
 */
const searchFields = {
  q: z
    .string()
    .trim()
    .min(1, patentMessages.queryRequired)
    .max(patentLimits.query.max, patentMessages.queryMax)
    .superRefine((q, ctx) => {
      const parsed = parseSearchQuery(q)
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: queryProblemText(parsed.problem) })
    }),
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
  cpc: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-HY](\d{2}([A-Z](\d{1,4}(\/\d{1,6})?)?)?)?$/, patentMessages.badCpc)
    .optional(),
  applicant: z.string().trim().min(1).max(200).optional(),
  sort: z.enum(searchSorts, `sort must be one of ${searchSorts.join(', ')}`).default('relevance'),
  dateType: z.enum(dateTypes, `dateType must be one of ${dateTypes.join(', ')}`).default('priority'),
  dups: z.enum(['family'], 'dups must be family').optional(),
}

/** GET /api/public/serpapi/patents: a search and its page. */
export const PatentSearchQuerySchema = z
  .strictObject({
    ...searchFields,
    page: z.coerce
      .number()
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .max(patentLimits.page.max)
      .default(1),
    num: z.coerce
      .number('num must be a whole number')
      .int('num must be a whole number')
      .min(1, 'num must be 1 or more')
      .max(patentLimits.num.max, `num must not exceed ${patentLimits.num.max}`)
      .default(patentLimits.num.default),
  })
  .superRefine(checkFilingDateRange)
export type PatentSearchQuery = z.infer<typeof PatentSearchQuerySchema>

/** GET /api/public/serpapi/patents.csv: the search's own parameters; the first exportRows results. */
export const PatentExportQuerySchema = z.strictObject(searchFields).superRefine(checkFilingDateRange)
export type PatentExportQuery = z.infer<typeof PatentExportQuerySchema>

/** How users know each external source (settings, search and analysis name it so). */
export const sourceLabels: Record<string, string> = {
  serpapi: 'Google Patents (SerpApi)',
  epo: 'EPO Open Patent Services',
}

export const SourceStatusSchema = z.object({
  name: z.string(),
  status: z.enum(['ok', 'failed', 'skipped']),
  message: z.string().optional(),
})
export type SourceStatus = z.infer<typeof SourceStatusSchema>

export const PatentSearchHitSchema = z.object({
  reference: z.string(),
  title: z.string(),
  /** The abstract. */
  description: z.string(),
  /** Plain text with the matched words wrapped in <mark>…</mark>; nothing else is markup. */
  snippet: z.string(),
  publicationDate: z.string().nullable(),
  filingDate: z.string().nullable(),
  applicants: z.array(z.string()),
  cpc: z.array(z.string()),
  /** With dups=family: how many other patents of its family the search found, collapsed into this one. */
  familyOthers: z.number().int().optional(),
})
export type PatentSearchHit = z.infer<typeof PatentSearchHitSchema>

export const PatentSearchResultSchema = z.object({
  totalResults: z.number().int(),
  /** True when totalResults is an estimate (very common words, or an external source's count). */
  totalIsApproximate: z.boolean(),
  /** Which provider answered: 'local' (the corpus) or an external one such as 'serpapi'. */
  source: z.string(),
  sources: z.array(SourceStatusSchema),
  page: z.number().int(),
  num: z.number().int(),
  patents: z.array(PatentSearchHitSchema),
})
export type PatentSearchResult = z.infer<typeof PatentSearchResultSchema>

export const ClassificationSchema = z.object({
  code: z.string(),
  scheme: z.enum(['CPC', 'IPC']),
  /** The code's own title, or its nearest ancestor's when the code has none. */
  title: z.string().nullable(),
  /** Titles from the subclass down to the code, so a subgroup title reads under its parents. */
  path: z.array(z.object({ code: z.string(), title: z.string() })),
})
export type Classification = z.infer<typeof ClassificationSchema>

export const FamilyMemberSchema = z.object({
  reference: z.string(),
  type: z.string(),
  date: z.string().nullable(),
  /** Whether our corpus holds it, so its details page exists; the others are linked out. */
  held: z.boolean(),
})

/**
 * A document a patent cites, as its office printed it: a patent (`reference`, `held` when the corpus has
 * its details page) or other literature (`text`), with the search report's category (X, Y, A…), the claims
 * and passage it was cited for, and the phase that cited it (search, examination, applicant, opposition).
 */
export const CitationEntrySchema = z.object({
  reference: z.string().nullable(),
  text: z.string(),
  category: z.string().nullable(),
  claims: z.string().nullable(),
  passage: z.string().nullable(),
  phase: z.string().nullable(),
  held: z.boolean(),
})
export type CitationEntry = z.infer<typeof CitationEntrySchema>

/** How many patents of the corpus cite this one, and the latest of them. */
export const CitedBySchema = z.object({
  total: z.number().int(),
  patents: z.array(
    z.object({ reference: z.string(), title: z.string(), publicationDate: z.string().nullable() }),
  ),
})

/** A patent's texts in another language (ISO 639-1 `lang`): shown, never searched nor analysed. */
export const OtherTextsSchema = z.object({
  lang: z.string(),
  title: z.string().nullable(),
  abstract: z.string().nullable(),
  description: z.string().nullable(),
  claims: z.array(z.string()),
})
export type OtherTexts = z.infer<typeof OtherTextsSchema>

/** One public patent, as Patent Details shows it (docs/product.md, Patent details). */
export const PatentDetailSchema = z.object({
  reference: z.string(),
  title: z.string(),
  source: z.string(),
  status: z.string().nullable(),
  abstract: z.string().nullable(),
  description: z.string().nullable(),
  filingDate: z.string().nullable(),
  publicationDate: z.string().nullable(),
  grantDate: z.string().nullable(),
  priority: z.string().nullable(),
  applicationNumber: z.string().nullable(),
  kind: z.string().nullable(),
  documentType: z.string(),
  country: z.string(),
  applicants: z.array(z.string()),
  inventors: z.array(z.string()),
  claims: z.array(z.string()),
  family: z.array(FamilyMemberSchema),
  designatedStates: z.array(z.string()),
  cpc: z.array(z.string()),
  ipc: z.array(z.string()),
  classifications: z.array(ClassificationSchema),
  citations: z.array(CitationEntrySchema),
  citedBy: CitedBySchema,
  /** The language it was published in; its title, abstract, claims and description above are English. */
  language: z.string().nullable(),
  otherTexts: z.array(OtherTextsSchema),
})
export type PatentDetail = z.infer<typeof PatentDetailSchema>

export const ReferenceParamsSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .regex(/^[A-Za-z]{2}[\w/., -]+$/, 'reference must look like US8926509B2')
    .transform(compactReference),
})

export const SimilarityQuerySchema = z.strictObject({
  refs: z
    .string()
    // One patent written two ways (US9449495, US 9,449,495 B1) is compared once.
    .transform((v) => [...new Map(splitReferences(v).map((r) => [referenceKey(r), r])).values()])
    .pipe(
      z
        .array(z.string().max(40))
        .min(patentLimits.compare.min, patentMessages.compareMin)
        .max(patentLimits.compare.max, patentMessages.compareMax),
    ),
})

export const SimilarityResultSchema = z.object({
  patents: z.array(z.object({ reference: z.string(), title: z.string() })),
  /** Percentages 0–100, symmetric, 100 on the diagonal. */
  matrix: z.array(z.array(z.number().int())),
  /** For each pair "i-j" (i < j), the shared terms that weigh most in its score. */
  sharedTerms: z.record(z.string(), z.array(z.string())),
})
export type SimilarityResult = z.infer<typeof SimilarityResultSchema>

/** Comparison colour bands (docs/product.md, Comparison): below 40 green, 40–59 yellow, 60–79 orange, 80 and
 * above red. */
export function similarityBand(percent: number): 'green' | 'yellow' | 'orange' | 'red' {
  if (percent >= 80) return 'red'
  if (percent >= 60) return 'orange'
  if (percent >= 40) return 'yellow'
  return 'green'
}

/** Status badge colour on Patent Details (docs/product.md, Patent details). */
export function patentStatusColour(status: string | null): 'green' | 'yellow' | 'blue' {
  const s = (status ?? '').toLowerCase()
  if (s.includes('grant')) return 'green'
  if (s.includes('pend')) return 'yellow'
  return 'blue'
}
