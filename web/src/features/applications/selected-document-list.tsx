import { type DocumentType, documentTypeLabels, documentTypes } from '@patentdesk/contract/documents'
import { CircleAlert, CircleCheck, FileText, RotateCw, X } from 'lucide-react'
import { Button } from '@/components/ui/button'
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
  return (
    <li
      className={cn(
        'grid gap-2 rounded-lg border bg-card p-3',
        (isRejected || upload.status === 'failed') && 'border-red-200 bg-red-50',
      )}
    >
      {/* On a phone the type takes a line of its own under the name, so the name keeps its width. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)_14rem_auto]">
        <FileText className="size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={file.name}>
            {file.name}
          </p>
          <p className="text-xs text-muted-foreground">{formatFileSize(file.size)}</p>
        </div>
        {!isRejected && (
          <Select
            value={item.documentType}
            onValueChange={(value) => selection.setType(item.key, value as DocumentType)}
            disabled={disabled}
          >
            <SelectTrigger
              aria-label={`Document type of ${file.name}`}
              className="col-span-full row-start-2 w-full sm:col-span-1 sm:col-start-3 sm:row-start-1"
            >
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
          className="col-start-3 row-start-1 sm:col-start-4"
          disabled={disabled}
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
        <UploadStatus
          fileName={file.name}
          upload={upload}
          onRetry={disabled ? undefined : () => selection.retry(item.key)}
        />
      )}
    </li>
  )
}

type UploadStatusProps = { fileName: string; upload: UploadState; onRetry: (() => void) | undefined }

const outcomeOf = (fileName: string, upload: UploadState) => {
  if (upload.status === 'uploaded') return `${fileName} uploaded`
  if (upload.status === 'failed') return `${fileName} was not uploaded: ${upload.message}`
  return ''
}

/** The file's own progress, then done or the server's reason (with Retry where sending again can help); the outcome is announced, not each percent. */
function UploadStatus({ fileName, upload, onRetry }: UploadStatusProps) {
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {outcomeOf(fileName, upload)}
      </p>
      <UploadStatusBody fileName={fileName} upload={upload} onRetry={onRetry} />
    </>
  )
}

function UploadStatusBody({ fileName, upload, onRetry }: UploadStatusProps) {
  if (upload.status === 'waiting') {
    return <p className="text-xs text-muted-foreground">Waiting to upload</p>
  }
  if (upload.status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="flex min-w-0 flex-1 items-center gap-1.5 text-sm text-destructive">
          <CircleAlert className="size-4 shrink-0" />
          <span className="min-w-0 break-words">{upload.message}</span>
        </p>
        {upload.retryable && (
          <Button
            variant="outline"
            size="sm"
            disabled={!onRetry}
            onClick={onRetry}
            aria-label={`Retry ${fileName}`}
          >
            <RotateCw />
            Retry
          </Button>
        )}
      </div>
    )
  }
  if (upload.status === 'uploaded') {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-success">
        <CircleCheck className="size-4 shrink-0" />
        Uploaded
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
