import { statusLabels, toKnownStatus } from '@patentdesk/contract/applications'
import { stringify } from 'csv-stringify/sync'
import type { ListedApplication } from './applications.repo'

/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection") is kept as text by a leading
 * apostrophe: titles are written by applicants and opened by administrators.
 */
const safe = (value: string | null) => (value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? ''))

const columns: [string, (row: ListedApplication) => string | null][] = [
  ['Reference', (r) => r.reference],
  ['Title', (r) => r.title],
  ['Status', (r) => statusLabels[toKnownStatus(r.status)]],
  ['Created', (r) => r.createdAt.toISOString()],
  ['Updated', (r) => r.updatedAt.toISOString()],
  ['Submitted', (r) => r.submittedAt?.toISOString() ?? null],
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
    return [...columns.map(([, get]) => get(row)), ...extra.map(([, get]) => get(item))].map(safe)
  })
  return stringify([header, ...records], { bom: true, record_delimiter: 'windows' })
}
