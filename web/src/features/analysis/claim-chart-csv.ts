import { saveBlob } from '@/lib/save-blob'
import { type ChartCell, type ClaimChart, levelNames } from './claim-chart-data'

const columns: [string, (cell: ChartCell) => string][] = [
  ['Feature ID', ({ feature }) => feature.id],
  ['Feature', ({ feature }) => feature.text],
  ['Reference', ({ patent }) => patent.reference],
  ['Title', ({ patent }) => patent.title],
  ['Level', ({ match }) => levelNames[match.level]],
  ['Score', ({ match }) => String(match.score)],
  ['Location', ({ match }) => match.location ?? ''],
  ['Passage', ({ match }) => match.passage ?? ''],
]

/**
 * One CSV field. A value a spreadsheet would run as a formula (OWASP "CSV injection") is kept as text by a
 * leading apostrophe: passages and titles are other people's text. Then RFC 4180 quoting.
 */
function field(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The chart as CSV, one row per feature × patent: UTF-8 with a byte order mark so Excel reads accents right. */
export function claimChartCsv(chart: ClaimChart) {
  const header = columns.map(([name]) => name)
  const rows = chart.cells.map((cell) => columns.map(([, get]) => get(cell)))
  const lines = [header, ...rows].map((row) => `${row.map(field).join(',')}\r\n`)
  return `\uFEFF${lines.join('')}`
}

export function downloadClaimChartCsv(chart: ClaimChart) {
  saveBlob(new Blob([claimChartCsv(chart)], { type: 'text/csv;charset=utf-8' }), 'claim-chart.csv')
}
