import type {
  Application,
  ApplicationAnalysis,
  ApplicationSummary,
  Feedback,
  StatusChange,
} from '@patentdesk/contract/applications'
import type { PatentDocument } from '@patentdesk/contract/documents'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import type { DownloadTarget } from './use-download'

/*
 * The applications' API paths and the queries on them, which several features read (applications,
 * admin, dashboard, filing): here once, so that none of them reaches into another for a path.
 */
export const applicationsPath = '/api/patents'
export const applicationPath = (id: number) => `${applicationsPath}/${id}`
export const documentsPath = (id: number) => `${applicationPath(id)}/documents`

/** The files an application exports: its deadlines as a calendar, and the whole as PDF or DOCX. */
export const applicationExports = (id: number, reference: string) => ({
  calendar: { path: `${applicationPath(id)}/deadlines.ics`, fileName: `${reference}-deadlines.ics` },
  pdf: { path: `${applicationPath(id)}/export.pdf`, fileName: `${reference}.pdf` },
  docx: { path: `${applicationPath(id)}/export.docx`, fileName: `${reference}.docx` },
})

/** The lists as CSV: the user's own applications, and every application for an administrator. */
export const csvExports = {
  mine: { path: `${applicationsPath}/export.csv`, fileName: 'my-patents.csv' },
  admin: { path: '/api/admin/patents/export.csv', fileName: 'applications.csv' },
} satisfies Record<string, DownloadTarget>

export const applicationsQueryOptions = queryOptions<ApplicationSummary[]>({ queryKey: [applicationsPath] })
export const applicationQueryOptions = (id: number) =>
  queryOptions<Application>({ queryKey: [applicationPath(id)] })
export const documentsQueryOptions = (id: number) =>
  queryOptions<PatentDocument[]>({ queryKey: [documentsPath(id)] })
export const historyQueryOptions = (id: number) =>
  queryOptions<StatusChange[]>({ queryKey: [`${applicationPath(id)}/history`] })
export const feedbackQueryOptions = (id: number) =>
  queryOptions<Feedback[]>({ queryKey: [`${applicationPath(id)}/feedback`] })
/** Only administrators may read an application's analysis. */
export const analysisQueryOptions = (id: number) =>
  queryOptions<ApplicationAnalysis | null>({ queryKey: [`${applicationPath(id)}/analysis`] })

/** Refreshes the list and everything cached under one application's path (detail, documents, history…). */
export function useInvalidateApplication() {
  const queryClient = useQueryClient()
  return (id: number) => {
    const path = applicationPath(id)
    const isUnder = (key: unknown) => key === path || (typeof key === 'string' && key.startsWith(`${path}/`))
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [applicationsPath] }),
      queryClient.invalidateQueries({ predicate: ({ queryKey }) => isUnder(queryKey[0]) }),
    ])
  }
}
