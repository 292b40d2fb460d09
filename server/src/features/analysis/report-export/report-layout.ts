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

/** Claims as the IPO writes them: runs of three or more as ranges, "1-3, 5". */
export function claimRanges(claims: number[]) {
  const sorted = [...new Set(claims)].sort((a, b) => a - b)
  const runs: string[] = []
  for (let i = 0; i < sorted.length; ) {
    let j = i
    while (j + 1 < sorted.length && (sorted[j + 1] as number) === (sorted[j] as number) + 1) j++
    const [from, to] = [sorted[i] as number, sorted[j] as number]
    runs.push(j - i >= 2 ? `${from}-${to}` : sorted.slice(i, j + 1).join(', '))
    i = j + 1
  }
  return runs.join(', ')
}

const documentLines = (citation: Citation) => [
  searchReportTexts.dates(citation),
  ...(citation.dateNote ? [citation.dateNote] : []),
  ...(citation.family.length > 0 ? [`& ${citation.family.join(', ')}`] : []),
  ...citation.passages.map((p) => `${p.location}, for ${p.featureId}: “${p.text}”`),
]

export function reportLayout({ subject, report }: SearchReportExport): ReportLayout {
  return {
    heading: searchReportTexts.heading,
    lines: [
      subject,
      searchReportTexts.cutOff(report.cutOff),
      `Claims searched: ${claimRanges(report.claims.map((c) => c.number)) || 'none'}`,
    ],
    columns: searchReportTexts.columns,
    rows: report.citations.map((citation) => ({
      category: citation.category,
      document: { title: `${citation.reference} ${citation.title}`, lines: documentLines(citation) },
      claims: claimRanges(citation.claims),
    })),
    none: searchReportTexts.none,
    legend: Object.entries(searchReportTexts.legend),
  }
}
