import type { DocumentType } from '@patentdesk/contract/documents'
import { useEffect, useRef, useState } from 'react'
import type { FileRejection } from 'react-dropzone'
import { ApiError } from '@/lib/api-client'
import { removePending, uploadPending } from './pending-uploads-api'
import { saveErrorMessage } from './save-error'

export type UploadState =
  | { status: 'waiting' }
  | { status: 'uploading'; progress: number }
  | { status: 'uploaded'; uploadId: string }
  | { status: 'failed'; message: string; retryable: boolean }

export type SelectedDocument = {
  key: number
  file: File
  documentType: DocumentType
  /** Why the drop area refused the file; a refused file is listed with its reasons but never uploaded. */
  rejections: string[]
  upload: UploadState
}

let nextKey = 1

/**
 * Sending the same bytes again helps when the network (status 0), the session or a busy server failed
 * it, not when the server refused the file itself (its type, size or content).
 */
const isRetryable = (error: unknown) =>
  !(error instanceof ApiError) || error.status >= 500 || [0, 401, 408, 429].includes(error.status)

const toSelected = (file: File, rejections: string[] = []): SelectedDocument => ({
  key: nextKey++,
  file,
  documentType: 'supporting',
  rejections,
  upload: { status: 'waiting' },
})

/**
 * The files chosen in the drop area, each uploaded as soon as it is chosen to the user's pending area
 * (decision 18), one at a time so the server's document readers are not flooded; Save attaches the
 * uploaded ones. The list lives in a ref as well as in state, so Save reads it as it is once the
 * uploads have settled rather than as it was when Save was pressed.
 */
export function useDocumentSelection() {
  const [items, setItems] = useState<SelectedDocument[]>([])
  const current = useRef<SelectedDocument[]>([])
  const queue = useRef<Promise<void>>(Promise.resolve())
  const uploads = useRef(new Map<number, AbortController>())

  const change = (next: (items: SelectedDocument[]) => SelectedDocument[]) => {
    current.current = next(current.current)
    setItems(current.current)
  }
  const update = (key: number, changes: Partial<Omit<SelectedDocument, 'key'>>) =>
    change((list) => list.map((item) => (item.key === key ? { ...item, ...changes } : item)))
  const isListed = (key: number) => current.current.some((item) => item.key === key)

  async function send(key: number, file: File) {
    if (!isListed(key)) return
    const controller = new AbortController()
    uploads.current.set(key, controller)
    update(key, { upload: { status: 'uploading', progress: 0 } })
    try {
      const { id } = await uploadPending(file, {
        signal: controller.signal,
        onProgress: (progress) => update(key, { upload: { status: 'uploading', progress } }),
      })
      // Removed while its last bytes were on the way: the server holds it, so remove it there too.
      if (!isListed(key)) return void removePending(id).catch(() => {})
      update(key, { upload: { status: 'uploaded', uploadId: id } })
    } catch (error) {
      if (controller.signal.aborted) return
      const message = saveErrorMessage(error)
      update(key, { upload: { status: 'failed', message, retryable: isRetryable(error) } })
    } finally {
      uploads.current.delete(key)
    }
  }

  const enqueue = (item: SelectedDocument) => {
    queue.current = queue.current.then(() => send(item.key, item.file))
  }

  // Leaving the page stops what is still on the way; what arrived is swept by the server in a day.
  useEffect(() => {
    const running = uploads.current
    return () => {
      for (const controller of running.values()) controller.abort()
    }
  }, [])

  return {
    items,
    /** Everything the drop area accepted: it counts towards the application's limit. */
    accepted: items.filter((item) => item.rejections.length === 0),
    isUploading: items.some((item) => item.upload.status === 'waiting' || item.upload.status === 'uploading'),
    add: (accepted: File[], rejected: FileRejection[]) => {
      const added = accepted.map((file) => toSelected(file))
      change((list) => [
        ...list,
        ...added,
        ...rejected.map(({ file, errors }) =>
          toSelected(
            file,
            errors.map((error) => error.message),
          ),
        ),
      ])
      added.forEach(enqueue)
    },
    setType: (key: number, documentType: DocumentType) => update(key, { documentType }),
    retry: (key: number) => {
      const item = current.current.find((candidate) => candidate.key === key)
      if (!item) return
      update(key, { upload: { status: 'waiting' } })
      enqueue(item)
    },
    /** Takes a file off the list, stopping its upload or removing it from the pending area. */
    remove: (key: number) => {
      const item = current.current.find((candidate) => candidate.key === key)
      change((list) => list.filter((candidate) => candidate.key !== key))
      uploads.current.get(key)?.abort()
      // A leftover is harmless: the server removes unattached uploads after a day.
      if (item?.upload.status === 'uploaded') void removePending(item.upload.uploadId).catch(() => {})
    },
    /** Waits until no file is waiting or on its way, then says how each one ended. */
    settled: async () => {
      await queue.current
      return current.current.filter((item) => item.rejections.length === 0)
    },
    /** Takes attached files off the list: they now show among the application's documents. */
    forget: (keys: number[]) => change((list) => list.filter((item) => !keys.includes(item.key))),
  }
}

export type DocumentSelection = ReturnType<typeof useDocumentSelection>
