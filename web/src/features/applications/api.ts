import type { Version, VersionSummary } from '@patentdesk/contract/application-versions'
import type {
  Application,
  ApplicationContent,
  CreateApplicationBody,
  StatusChange,
  UpdateApplicationBody,
} from '@patentdesk/contract/applications'
import type { ApplicationDocument, AttachDocuments } from '@patentdesk/contract/documents'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiRequest } from '@/lib/api-client'
import {
  applicationPath,
  applicationsPath,
  applicationsQueryOptions,
  feedbackQueryOptions,
  useInvalidateApplication,
} from '@/lib/application-queries'
import type { DocumentSelection } from './document-selection'
import { saveErrorMessage } from './save-error'

/*
 * Every call of the applications feature, each once: the queries its screens read and the changes they
 * make, with what a change refreshes and the toast its failure raises. What the screens do on success
 * (toasts, where to go next) is theirs (application-save.ts). The paths and queries that other features
 * read as well are in lib/application-queries.ts.
 */

const documentsPath = (id: number) => `${applicationPath(id)}/documents`

export const documentDownloadPath = (applicationId: number, documentId: number) =>
  `${documentsPath(applicationId)}/${documentId}/download`

export const applicationQueryOptions = (id: number) =>
  queryOptions<Application>({ queryKey: [applicationPath(id)] })
export const documentsQueryOptions = (id: number) =>
  queryOptions<ApplicationDocument[]>({ queryKey: [documentsPath(id)] })
export const historyQueryOptions = (id: number) =>
  queryOptions<StatusChange[]>({ queryKey: [`${applicationPath(id)}/history`] })

export const versionsQueryOptions = (id: number) =>
  queryOptions<VersionSummary[]>({ queryKey: [`${applicationPath(id)}/versions`] })
/** A version's text never changes once saved: asked once. */
export const versionQueryOptions = (id: number, number: number) =>
  queryOptions<Version>({ queryKey: [`${applicationPath(id)}/versions/${number}`] })

export function useApplications() {
  return useQuery(applicationsQueryOptions)
}

export function useApplication(id: number) {
  return useQuery(applicationQueryOptions(id))
}

export function useDocuments(id: number) {
  return useQuery(documentsQueryOptions(id))
}

export function useStatusHistory(id: number) {
  return useQuery(historyQueryOptions(id))
}

export function useFeedback(id: number) {
  return useQuery(feedbackQueryOptions(id))
}

export type UploadFailure = { fileName: string; message: string }

/**
 * Attaches the files uploaded while the form was filled in, all in one request once every upload has
 * settled; a file whose upload failed, or an attachment the server refused, is reported, not retried.
 */
async function attachUploaded(applicationId: number, selection: DocumentSelection) {
  const settled = await selection.settled()
  const failures: UploadFailure[] = settled.flatMap(({ file, upload }) =>
    upload.status === 'failed' ? [{ fileName: file.name, message: upload.message }] : [],
  )
  const uploaded = settled.flatMap((item) =>
    item.upload.status === 'uploaded' ? [{ item, uploadId: item.upload.uploadId }] : [],
  )
  if (uploaded.length === 0) return failures
  try {
    await apiRequest<ApplicationDocument[]>(`${documentsPath(applicationId)}/attach`, {
      method: 'POST',
      body: {
        uploads: uploaded.map(({ item, uploadId }) => ({ uploadId, documentType: item.documentType })),
      } satisfies AttachDocuments,
    })
    selection.forget(uploaded.map(({ item }) => item.key))
    return failures
  } catch (error) {
    const message = saveErrorMessage(error)
    return [...failures, ...uploaded.map(({ item }) => ({ fileName: item.file.name, message }))]
  }
}

/** Creates a draft with the chosen documents; a document that fails is reported, the draft stays. */
export function useCreateApplication(selection: DocumentSelection) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (content: ApplicationContent) => {
      // Files still on their way finish first, so a refused one is known before the draft exists.
      await selection.settled()
      const body: CreateApplicationBody = { ...content, status: 'draft' }
      const application = await apiRequest<Application>(applicationsPath, { method: 'POST', body })
      return { application, failures: await attachUploaded(application.id, selection) }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsQueryOptions.queryKey }),
    meta: { errorTitle: 'Error creating patent application', errorDescription: saveErrorMessage },
  })
}

/**
 * `version`: the one the changes were made from (a newer one on the server makes the save stale);
 * `thenSubmit`: the owner pressed Submit for Review, so a failure is a failed submission.
 */
export type SaveChanges = { content: ApplicationContent; version: number; thenSubmit: boolean }

/** The application as it now stands, when a save was refused as made from an older version (409). */
export const staleSaveOf = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.current !== undefined
    ? (error.current as Application)
    : undefined

/** Saves the changes to an application and attaches its newly chosen documents. */
export function useSaveApplication(id: number, selection: DocumentSelection) {
  const invalidate = useInvalidateApplication()
  return useMutation({
    mutationFn: async ({ content, version }: SaveChanges) => {
      await selection.settled()
      const body: UpdateApplicationBody = { ...content, version }
      await apiRequest<Application>(applicationPath(id), { method: 'PUT', body })
      return attachUploaded(id, selection)
    },
    onSuccess: () => invalidate(id),
    // The changes may have been saved though their answer never came.
    onError: () => {
      void invalidate(id)
    },
    meta: {
      errorTitle: (input) =>
        (input as SaveChanges).thenSubmit
          ? 'Error submitting patent application'
          : 'Error updating patent application',
      errorDescription: saveErrorMessage,
      // A stale save is no failure to report: the form shows both versions instead.
      errorToast: (error) => staleSaveOf(error) === undefined,
    },
  })
}

/** Attaches the documents the owner added on the application's page. */
export function useAttachDocuments(id: number, selection: DocumentSelection) {
  const invalidate = useInvalidateApplication()
  return useMutation({
    mutationFn: () => attachUploaded(id, selection),
    onSuccess: () => invalidate(id),
  })
}

/**
 * The one way an owner sends a draft, or a revised application, for review: from its page, or from the
 * edit form once its changes are saved (`afterSave`), where a failure reads like the save's.
 */
export function useSubmitApplication(id: number, { afterSave = false } = {}) {
  const invalidate = useInvalidateApplication()
  return useMutation({
    mutationFn: () => apiRequest<Application>(`${applicationPath(id)}/submit`, { method: 'POST' }),
    onSuccess: () => invalidate(id),
    meta: afterSave
      ? { errorTitle: 'Error submitting patent application', errorDescription: saveErrorMessage }
      : { errorTitle: 'Error submitting application' },
  })
}

/** Saves version `number`'s text as the next version, asked from the application's version `madeFrom`. */
export function useRestoreVersion(id: number) {
  const invalidate = useInvalidateApplication()
  return useMutation({
    mutationFn: ({ number, madeFrom }: { number: number; madeFrom: number }) =>
      apiRequest<Application>(`${applicationPath(id)}/versions/${number}/restore`, {
        method: 'POST',
        body: { version: madeFrom },
      }),
    onSettled: () => invalidate(id),
    meta: { errorTitle: 'Version not restored' },
  })
}

export function useDeleteDocument(applicationId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (documentId: number) =>
      apiRequest(`${documentsPath(applicationId)}/${documentId}`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: documentsQueryOptions(applicationId).queryKey }),
    meta: { errorTitle: 'Error deleting document' },
  })
}
