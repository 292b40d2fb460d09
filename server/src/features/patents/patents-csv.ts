import type { PatentExportQuery } from '@patentdesk/contract/patents'
import { stringify } from 'csv-stringify/sync'
import { csvCell } from '~/shared/csv-cell'
import type { ExportRow } from './patent-search.repo'

export type ExportedPatent = ExportRow & { score: number; familyOthers?: number }

const list = (values: string[]) => values.join('; ')

const columns: [string, (row: ExportedPatent, link: string) => string | null][] = [
  ['reference', (r) => r.reference],
  ['title', (r) => r.title],
  ['applicants', (r) => list([...new Set([...r.applicants, ...r.assignees])])],
  ['inventors', (r) => list(r.inventors)],
  ['priority date', (r) => r.priorityDate],
  ['filing date', (r) => r.filingDate],
  ['publication date', (r) => r.publicationDate],
  ['grant date', (r) => r.grantDate],
  ['CPC', (r) => list(r.cpc)],
  ['link', (_, link) => link],
  ['score', (r) => r.score.toFixed(3)],
]

/** The search screen's address for the query: the search that made the file, to run again. */
export function searchUrl(publicUrl: string, query: PatentExportQuery) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && !(name === 'sort' && value === 'relevance')) params.set(name, String(value))
  return `${publicUrl}/search?${params}`
}

/**
 * The results as CSV, as Google Patents exports them: first the search's address and when it ran, then a
 * row per patent in the order found (UTF-8 with a byte order mark, so spreadsheets read accents right).
 */
export function patentsCsv({
  publicUrl,
  query,
  searchedAt,
  total,
  rows,
}: {
  publicUrl: string
  query: PatentExportQuery
  searchedAt: Date
  total: { count: number; approximate: boolean }
  rows: ExportedPatent[]
}) {
  const family = query.dups === 'family'
  const header = [...columns.map(([name]) => name), ...(family ? ['other family members found'] : [])]
  const records = rows.map((row) => [
    ...columns.map(([, get]) =>
      csvCell(get(row, `${publicUrl}/patent-details/${encodeURIComponent(row.reference)}`)),
    ),
    ...(family ? [String(row.familyOthers ?? 0)] : []),
  ])
  const found = `${total.approximate ? 'about ' : ''}${total.count}`
  return stringify(
    [
      ['search URL:', searchUrl(publicUrl, query)],
      ['searched at:', searchedAt.toISOString()],
      ['results:', `${found}; the first ${rows.length} here`],
      header,
      ...records,
    ],
    { bom: true, record_delimiter: 'windows' },
  )
}
