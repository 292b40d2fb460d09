/**
 * Rows in PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text
 * Format"): one line per row, columns separated by tabs, `\N` for null, and backslash, tab, newline and
 * carriage return written as escapes. A json column's value is written as JSON; otherwise a list becomes
 * an array literal (`{"a","b"}`).
 */
export type CopyValue = string | number | boolean | null | undefined | string[] | object
export type CopyColumn<Row> = { key: keyof Row; json: boolean }

/** Backslash, tab, newline and carriage return as COPY's escapes; read once, in time linear in the text. */
function escapeText(text: string) {
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  )
}

/** An array literal of texts, each quoted, with its backslashes and quotes escaped (before COPY's own escapes). */
function arrayLiteral(items: string[]) {
  return `{${items.map((item) => `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`
}

function field(value: CopyValue, json: boolean) {
  if (value === null || value === undefined) return '\\N'
  if (json) return escapeText(JSON.stringify(value))
  if (typeof value === 'string') return escapeText(value)
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return escapeText(arrayLiteral(value.map(String)))
  return escapeText(JSON.stringify(value))
}

/** `rows` as COPY text for `columns`, in their order. */
export function copyText<Row extends Record<string, unknown>>(rows: Row[], columns: CopyColumn<Row>[]) {
  return rows
    .map((row) => `${columns.map(({ key, json }) => field(row[key] as CopyValue, json)).join('\t')}\n`)
    .join('')
}
