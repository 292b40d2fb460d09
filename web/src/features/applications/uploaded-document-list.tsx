import { type ApplicationDocument, documentTypeLabels } from '@patentdesk/contract/documents'
import { FileText, Trash2 } from 'lucide-react'
import { IconButton } from '@/components/ui/icon-button'
import { formatDate } from '@/lib/format'
import { useDeleteDocument } from './api'
import { formatFileSize } from './file-size'

type UploadedDocumentListProps = {
  applicationId: number
  documents: ApplicationDocument[]
  disabled: boolean
}

/** The documents already stored with an application being edited; each can be deleted while it is editable. */
export function UploadedDocumentList({ applicationId, documents, disabled }: UploadedDocumentListProps) {
  const deleteDocument = useDeleteDocument(applicationId)
  if (documents.length === 0) return null
  return (
    <section aria-labelledby="uploaded-documents-heading" className="grid gap-2">
      <h4 id="uploaded-documents-heading" className="text-sm font-medium">
        Uploaded documents
      </h4>
      <ul className="grid gap-2">
        {documents.map((document) => (
          <li key={document.id} className="flex items-center gap-3 rounded-lg border bg-card p-3">
            <FileText className="size-5 shrink-0 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{document.fileName}</p>
              <p className="text-xs text-muted-foreground">
                {documentTypeLabels[document.documentType]} · {formatFileSize(document.sizeBytes)} · Uploaded{' '}
                {formatDate(document.uploadedAt)}
              </p>
            </div>
            <IconButton
              label={`Delete ${document.fileName}`}
              className="text-muted-foreground hover:text-destructive"
              disabled={disabled || deleteDocument.isPending}
              onClick={() => deleteDocument.mutate(document.id)}
            >
              <Trash2 />
            </IconButton>
          </li>
        ))}
      </ul>
    </section>
  )
}
