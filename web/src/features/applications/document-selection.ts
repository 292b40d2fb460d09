import type { DocumentType } from '@patentdesk/contract/documents'
import { useState } from 'react'
import type { FileRejection } from 'react-dropzone'

export type UploadState =
  | { status: 'ready' }
  | { status: 'uploading'; progress: number }
  | { status: 'completed' }
  | { status: 'failed'; message: string }

export type SelectedDocument = {
  key: number
  file: File
  documentType: DocumentType
  /** Why the drop area refused the file; a refused file is listed with its reasons but never uploaded. */
  rejections: string[]
  upload: UploadState
}

let nextKey = 1

function toSelected(file: File, rejections: string[] = []): SelectedDocument {
  return { key: nextKey++, file, documentType: 'supporting', rejections, upload: { status: 'ready' } }
}

/** The files chosen in the drop area and, once saving starts, the state of each upload. */
export function useDocumentSelection() {
  const [items, setItems] = useState<SelectedDocument[]>([])

  const update = (key: number, changes: Partial<Omit<SelectedDocument, 'key'>>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...changes } : item)))

  return {
    items,
    /** The files that will be uploaded: everything the drop area accepted. */
    accepted: items.filter((item) => item.rejections.length === 0),
    add: (accepted: File[], rejected: FileRejection[]) =>
      setItems((current) => [
        ...current,
        ...accepted.map((file) => toSelected(file)),
        ...rejected.map(({ file, errors }) =>
          toSelected(
            file,
            errors.map((error) => error.message),
          ),
        ),
      ]),
    update,
    remove: (key: number) => setItems((current) => current.filter((item) => item.key !== key)),
    /** After a partly failed save, what was uploaded now shows among the application's documents. */
    removeCompleted: () =>
      setItems((current) => current.filter((item) => item.upload.status !== 'completed')),
  }
}

export type DocumentSelection = ReturnType<typeof useDocumentSelection>
