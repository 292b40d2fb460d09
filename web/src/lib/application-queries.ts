import type { ApplicationSearchReport, ApplicationSummary, Feedback } from '@patentdesk/contract/applications'
import { queryOptions, useQueryClient } from '@tanstack/react-query'
import type { DownloadTarget } from './use-download'

/*
 * What other features need of the applications' API (admin, dashboard, filing): the paths, the two
 * queries they read and the refresh after a change, here once so that none reaches into the applications
 * feature. Every other applications call lives in features/applications/api.ts.
 */
export const applicationsPath = '/api/patents'
export const applicationPath = (id: number) => `${applicationsPath}/${id}`

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
export const feedbackQueryOptions = (id: number) =>
  queryOptions<Feedback[]>({ queryKey: [`${applicationPath(id)}/feedback`] })
/** The search report of the stored analysis (owner and admin), which the admin's Generate Analysis replaces. */
export const searchReportQueryOptions = (id: number) =>
  queryOptions<ApplicationSearchReport | null>({ queryKey: [`${applicationPath(id)}/search-report`] })

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
