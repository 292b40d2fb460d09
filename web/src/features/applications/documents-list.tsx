import { type ApplicationDocument, documentTypeLabels } from '@patentdesk/contract/documents'
import { Download, FileImage, FileText } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatDate } from '@/lib/format'
import { useDownload } from '@/lib/use-download'
import { documentDownloadPath } from './api'

const emptyText = 'No documents uploaded for this application.'

export function DocumentsList({
  applicationId,
  documents,
}: {
  applicationId: number
  documents: ApplicationDocument[]
}) {
  const download = useDownload()
  if (documents.length === 0) {
    return <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p>
  }
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {documents.map((document) => {
        const isImage = document.fileType.startsWith('image/')
        const Icon = isImage ? FileImage : FileText
        const nameId = `document-${document.id}-name`
        const path = documentDownloadPath(applicationId, document.id)
        return (
          <li key={document.id} className="flex items-center gap-3 rounded-lg border bg-card p-4 shadow-sm">
            <span
              role="img"
              aria-label={isImage ? 'Image file' : 'Document file'}
              className="flex size-10 shrink-0 items-center justify-center rounded-md bg-blue-50 text-primary"
            >
              <Icon className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p id={nameId} className="truncate text-sm font-medium" title={document.fileName}>
                {document.fileName}
              </p>
              <p className="text-xs text-muted-foreground">
                {documentTypeLabels[document.documentType]} · Uploaded {formatDate(document.uploadedAt)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-describedby={nameId}
              disabled={download.isPending && download.variables?.path === path}
              onClick={() => download.mutate({ path, fileName: document.fileName })}
            >
              <Download />
              Download
            </Button>
          </li>
        )
      })}
    </ul>
  )
}
