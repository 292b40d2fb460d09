import { z } from 'zod'
import { formatCount as count } from './format'

/**
 * What the patent corpus covers (docs/product.md, Coverage): the offices, kinds, filing and publication years of
 * the patents that a search or an analysis reads, so that "no prior art found" can be read for what it is.
 */

const documents = z.number().int().nonnegative()

export const OfficeKindSchema = z.object({
  /** The kind code (A1, B2, …); null for the documents whose kind is not known. */
  kind: z.string().nullable(),
  documents,
})
export type OfficeKind = z.infer<typeof OfficeKindSchema>

export const OfficeCoverageSchema = z.object({
  /** The office that published the documents, as the corpus writes it: US, EP, GB, WO… */
  country: z.string(),
  documents,
  /** The office's documents without a publication date: counted here, in no year. */
  undated: documents,
  /** The first and last publication years of its dated documents; null when none has a date. */
  firstYear: z.number().int().nullable(),
  lastYear: z.number().int().nullable(),
  /** The first and last filing years of its documents that have a filing date; null when none has one. */
  firstFiled: z.number().int().nullable(),
  lastFiled: z.number().int().nullable(),
  /** Most documents first. */
  kinds: z.array(OfficeKindSchema),
})
export type OfficeCoverage = z.infer<typeof OfficeCoverageSchema>

/** An office's documents published in the year and those filed in it; a year is listed when either is not 0. */
export const YearCoverageSchema = z.object({
  country: z.string(),
  year: z.number().int(),
  published: documents,
  filed: documents,
})
export type YearCoverage = z.infer<typeof YearCoverageSchema>

export const CorpusCoverageSchema = z.object({
  total: documents,
  /** Most documents first. */
  offices: z.array(OfficeCoverageSchema),
  /** Documents per office and year, published and filed, by year then office; only the years that have some. */
  years: z.array(YearCoverageSchema),
  /** The latest publication date in the corpus (YYYY-MM-DD). */
  latestPublication: z.iso.date().nullable(),
  /** When patents were last loaded or imported; null before the first load. */
  lastImport: z.iso.datetime().nullable(),
})
export type CorpusCoverage = z.infer<typeof CorpusCoverageSchema>

/**
 * The line's own words: an empty corpus, an office's documents with no publication date, and those of an
 * office with neither a publication nor a filing year.
 */
export const corpusTexts = {
  empty: 'The corpus holds no patents yet.',
  undated: 'without a publication date',
  noDate: 'without a date',
} as const

/** 2001–2023, or 2021 alone. */
export const yearSpan = (first: number, last: number) => (first === last ? `${first}` : `${first}–${last}`)

/** "a", "a and b", "a, b and c". */
function listed(items: string[]) {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

/** "2001–2023" from an office's first and last year; undefined when either is not known. */
const spanOf = (first: number | null, last: number | null) =>
  first === null || last === null ? undefined : yearSpan(first, last)

/**
 * One office's part of the line: "47,046 US documents published 2001–2023" when all have a publication date;
 * otherwise their filing years, with how many were published when some were: "47,000 US documents filed
 * 1976–2021 (246 published 2001–2023)", "3 EP documents filed 2017–2019"; "3 EP documents without a date"
 * when neither year is known. An office with published documents but no filing year says how many have no
 * publication date: "47,000 US documents (246 published 2001–2023, 46,754 without a publication date)".
 */
function officePart({
  country,
  documents,
  undated,
  firstYear,
  lastYear,
  firstFiled,
  lastFiled,
}: OfficeCoverage) {
  const noun = `${count(documents)} ${country} document${documents === 1 ? '' : 's'}`
  const dated = documents - undated
  const publishedSpan = dated === 0 ? undefined : spanOf(firstYear, lastYear)
  const published = publishedSpan === undefined ? undefined : `published ${publishedSpan}`
  const filedSpan = spanOf(firstFiled, lastFiled)
  if (published !== undefined && undated === 0) return `${noun} ${published}`
  if (filedSpan !== undefined)
    return `${noun} filed ${filedSpan}${published === undefined ? '' : ` (${count(dated)} ${published})`}`
  if (published === undefined) return `${noun} ${corpusTexts.noDate}`
  return `${noun} (${count(dated)} ${published}, ${count(undated)} ${corpusTexts.undated})`
}

/** Two office codes (ASCII capitals) in alphabetical order; not localeCompare, which starts Intl (format.ts). */
const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The offices most documents first, then by their code. */
export const officesByDocuments = (offices: OfficeCoverage[]) =>
  [...offices].sort((a, b) => b.documents - a.documents || compareCodes(a.country, b.country))

/**
 * The coverage in one sentence: "Searches 47,046 US documents published 2001–2023 and 64 EP documents
 * published 2021."
 */
export function coverageLine(coverage: CorpusCoverage) {
  const offices = officesByDocuments(coverage.offices).filter((office) => office.documents > 0)
  if (offices.length === 0) return corpusTexts.empty
  return `Searches ${listed(offices.map(officePart))}.`
}
