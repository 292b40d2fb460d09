import type { PendingUpload } from '@patentdesk/contract/documents'
import { apiRequest, uploadFile } from '@/lib/api-client'

/* The pending-upload calls (decision 18), apart from api.ts, which attaches what the selection holds. */

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
