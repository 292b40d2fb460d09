import type {
  Application,
  ApplicationContent,
  CreateApplicationBody,
} from '@patentdesk/contract/applications'
import type { AttachDocuments, PatentDocument, PendingUpload } from '@patentdesk/contract/documents'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest, uploadFile } from '@/lib/api-client'
import {
  applicationPath,
  applicationQueryOptions,
  applicationsPath,
  applicationsQueryOptions,
  documentsPath,
  documentsQueryOptions,
} from '@/lib/application-queries'

export function useApplications() {
  return useQuery(applicationsQueryOptions)
}

export function useApplication(id: number) {
  return useQuery(applicationQueryOptions(id))
}

export function useDocuments(id: number) {
  return useQuery(documentsQueryOptions(id))
}

export function createApplication(content: ApplicationContent) {
  const body: CreateApplicationBody = { ...content, status: 'draft' }
  return apiRequest<Application>(applicationsPath, { method: 'POST', body })
}

export function updateApplication(id: number, content: ApplicationContent) {
  return apiRequest<Application>(applicationPath(id), { method: 'PUT', body: content })
}

export function submitApplication(id: number) {
  return apiRequest<Application>(`${applicationPath(id)}/submit`, { method: 'POST' })
}

const uploadsPath = '/api/uploads'

/** Sends a chosen file to the user's pending area at once (decision 18); Save attaches it. */
export function uploadPending(
  file: File,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal },
) {
  const formData = new FormData()
  formData.append('file', file)
  return uploadFile<PendingUpload>(uploadsPath, formData, options)
}

export function removePending(uploadId: string) {
  return apiRequest(`${uploadsPath}/${uploadId}`, { method: 'DELETE' })
}

export function attachDocuments(applicationId: number, uploads: AttachDocuments['uploads']) {
  return apiRequest<PatentDocument[]>(`${documentsPath(applicationId)}/attach`, {
    method: 'POST',
    body: { uploads } satisfies AttachDocuments,
  })
}

export function useDeleteDocument(applicationId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (documentId: number) =>
      apiRequest(`${documentsPath(applicationId)}/${documentId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [documentsPath(applicationId)] }),
    meta: { errorTitle: 'Error deleting document' },
  })
}
