import { type Citation, type SearchReportExport, searchReportTexts } from '@patentdesk/contract/analysis'

/**
 * The search report as both files lay it out (the screen's layout, docs/product.md, Search report): a
 * heading, what was searched, the date that counts and the claims searched; a table of Category | Document
 * and relevant passages | Relevant to claims; the categories explained.
 */
export type ReportLayout = {
  heading: string
  lines: string[]
  columns: readonly string[]
  rows: { category: string; document: { title: string; lines: string[] }; claims: string }[]
  none: string
  legend: [category: string, meaning: string][]
}

const documentLines = (citation: Citation) => [
  searchReportTexts.dates(citation),
  ...(citation.dateNote ? [citation.dateNote] : []),
  ...(citation.family.length > 0 ? [`& ${citation.family.join(', ')}`] : []),
  ...searchReportTexts.passages(citation).map(({ where, quote }) => `${where} ${quote}`),
]

export function reportLayout({ subject, report }: SearchReportExport): ReportLayout {
  return {
    heading: searchReportTexts.heading,
    lines: [
      subject,
      searchReportTexts.cutOff(report.cutOff),
      `Claims searched: ${searchReportTexts.claims(report.claims.map((c) => c.number)) || 'none'}`,
    ],
    columns: searchReportTexts.columns,
    rows: report.citations.map((citation) => ({
      category: citation.category,
      document: { title: `${citation.reference} ${citation.title}`, lines: documentLines(citation) },
      claims: searchReportTexts.claims(citation.claims),
    })),
    none: searchReportTexts.none,
    legend: Object.entries(searchReportTexts.legend),
  }
}
