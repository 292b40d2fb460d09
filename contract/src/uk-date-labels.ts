import type { UkDates } from './filing'

/*
 * How screens name an application's UK dates: plain data, apart from the filing schemas of filing.ts, so that
 * a screen listing deadlines builds none of those (docs/decisions/0040).
 */

export const ukDateLabels: Record<keyof UkDates, string> = {
  priorityDate: 'Priority date',
  priorityApplicationNumber: 'Earlier application number',
  priorityCountry: 'Earlier application country',
  filingDate: 'UK filing date',
  applicationNumber: 'UK application number',
  publicationDate: "'A' publication date",
  publicationNumber: "'A' publication number",
  firstExaminationReportDate: 'First examination report',
  grantDate: 'Grant date',
}
