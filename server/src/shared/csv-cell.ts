/**
 * A cell a spreadsheet would run as a formula (OWASP "CSV injection") is kept as text by a leading
 * apostrophe: the files hold text from outside (applicants' titles, imported patents).
 */
export const csvCell = (value: string | null) =>
  value && /^[=+\-@\t\r]/.test(value) ? `'${value}` : (value ?? '')
