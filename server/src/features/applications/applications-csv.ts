import { statusLabels } from '@patentdesk/contract/application-statuses'
import { stringify } from 'csv-stringify/sync'
import { csvCell } from '~/shared/csv-cell'
import type { ListedApplication } from './applications.repo'

// A UK product: the day is the one in London (00:30 BST on 2 March is still 1 March in UTC).
const londonDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** A moment as the ISO calendar day (YYYY-MM-DD) in London: what a spreadsheet reads as a date. */
export function isoDay(moment: Date) {
  const parts = Object.fromEntries(londonDay.formatToParts(moment).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

const columns: [string, (row: ListedApplication) => string | null][] = [
  ['Reference', (r) => r.reference],
  ['Title', (r) => r.title],
  ['Status', (r) => statusLabels[r.status]],
  ['Created', (r) => isoDay(r.createdAt)],
  ['Updated', (r) => isoDay(r.updatedAt)],
  ['Submitted', (r) => (r.submittedAt ? isoDay(r.submittedAt) : null)],
  ['Priority date', (r) => r.priorityDate],
  ['UK filing date', (r) => r.filingDate],
  ['UK application number', (r) => r.applicationNumber],
  ["'A' publication number", (r) => r.publicationNumber],
  ['Grant date', (r) => r.grantDate],
]

/** The list as CSV (UTF-8 with a byte order mark, so spreadsheets read accents right), one row each. */
export function applicationsCsv<T>(
  rows: T[],
  toRow: (item: T) => ListedApplication,
  extra: [string, (item: T) => string | null][] = [],
) {
  const header = [...columns.map(([name]) => name), ...extra.map(([name]) => name)]
  const records = rows.map((item) => {
    const row = toRow(item)
    return [...columns.map(([, get]) => get(row)), ...extra.map(([, get]) => get(item))].map(csvCell)
  })
  return stringify([header, ...records], { bom: true, record_delimiter: 'windows' })
}
