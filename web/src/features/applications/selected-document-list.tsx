import { type DocumentType, documentTypeLabels, documentTypes } from '@patentdesk/contract/documents'
import { CircleAlert, CircleCheck, FileText, X } from 'lucide-react'
import { IconButton } from '@/components/ui/icon-button'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import type { DocumentSelection, SelectedDocument, UploadState } from './document-selection'
import { formatFileSize } from './file-size'

type SelectedDocumentListProps = { selection: DocumentSelection; disabled: boolean }

export function SelectedDocumentList({ selection, disabled }: SelectedDocumentListProps) {
  if (selection.items.length === 0) return null
  return (
    <ul aria-label="Selected documents" className="grid gap-2">
      {selection.items.map((item) => (
        <SelectedDocumentItem key={item.key} item={item} selection={selection} disabled={disabled} />
      ))}
    </ul>
  )
}

type ItemProps = { item: SelectedDocument; selection: DocumentSelection; disabled: boolean }

function SelectedDocumentItem({ item, selection, disabled }: ItemProps) {
  const { file, rejections, upload } = item
  const isRejected = rejections.length > 0
  const isLocked = disabled || upload.status === 'uploading' || upload.status === 'completed'
  return (
    <li
      className={cn(
        'grid gap-2 rounded-lg border bg-card p-3',
        (isRejected || upload.status === 'failed') && 'border-red-200 bg-red-50',
      )}
    >
      <div className="flex flex-wrap items-center gap-3">
        <FileText className="size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{file.name}</p>
          <p className="text-xs text-muted-foreground">{formatFileSize(file.size)}</p>
        </div>
        {!isRejected && (
          <Select
            value={item.documentType}
            onValueChange={(value) => selection.update(item.key, { documentType: value as DocumentType })}
            disabled={isLocked}
          >
            <SelectTrigger aria-label={`Document type of ${file.name}`} className="w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {documentTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {documentTypeLabels[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        <IconButton
          label={`Remove ${file.name}`}
          disabled={isLocked}
          onClick={() => selection.remove(item.key)}
        >
          <X />
        </IconButton>
      </div>
      {isRejected ? (
        <ul className="grid gap-1 text-sm text-destructive">
          {rejections.map((message) => (
            <li key={message} className="flex items-center gap-1.5">
              <CircleAlert className="size-4 shrink-0" />
              {message}
            </li>
          ))}
        </ul>
      ) : (
        <UploadStatus fileName={file.name} upload={upload} />
      )}
    </li>
  )
}

function UploadStatus({ fileName, upload }: { fileName: string; upload: UploadState }) {
  if (upload.status === 'ready') {
    return <p className="text-xs text-muted-foreground">Uploads when the application is saved</p>
  }
  if (upload.status === 'failed') {
    return (
      <p className="flex items-center gap-1.5 text-sm text-destructive">
        <CircleAlert className="size-4 shrink-0" />
        {upload.message}
      </p>
    )
  }
  if (upload.status === 'completed') {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-success">
        <CircleCheck className="size-4 shrink-0" />
        Completed
      </p>
    )
  }
  const percent = Math.round(upload.progress * 100)
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={`Uploading ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">{percent}%</span>
    </div>
  )
}
