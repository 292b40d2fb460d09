import { documentMessages } from '@patentdesk/contract/documents'
import { acceptOf, fileRules, kindNames, maxMegabytes } from '@patentdesk/contract/file-kinds'
import { limits } from '@patentdesk/contract/limits'
import { Upload } from 'lucide-react'
import { ErrorCode, type FileError, type FileRejection, useDropzone } from 'react-dropzone'
import { cn } from '@/lib/utils'

const rule = fileRules.upload
const accept = acceptOf(rule)

/** The contract words the type and size refusals the way the server does; other codes keep react-dropzone's text. */
function toMessage(error: FileError) {
  if (error.code === ErrorCode.FileInvalidType) return documentMessages.wrongType
  if (error.code === ErrorCode.FileTooLarge) return documentMessages.tooLarge
  return error.message
}

type DocumentDropZoneProps = {
  /** How many more documents the application can take. */
  remaining: number
  disabled: boolean
  onDrop: (accepted: File[], rejected: FileRejection[]) => void
}

export function DocumentDropZone({ remaining, disabled, onDrop }: DocumentDropZoneProps) {
  const isFull = remaining <= 0
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept,
    maxSize: rule.maxBytes,
    // react-dropzone reads 0 as "no limit", so a full application disables the area instead.
    maxFiles: Math.max(remaining, 1),
    disabled: disabled || isFull,
    getErrorMessage: toMessage,
    onDrop,
  })
  return (
    <div
      {...getRootProps({
        role: 'button',
        'aria-describedby': 'document-drop-hint',
        'aria-disabled': disabled || isFull,
      })}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input px-4 py-8 text-center transition-colors hover:border-primary/60 hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        isDragActive && 'border-primary bg-blue-50',
        (disabled || isFull) && 'cursor-not-allowed opacity-60 hover:border-input hover:bg-transparent',
      )}
    >
      <input {...getInputProps({ 'aria-label': 'Document files' })} />
      <Upload className="size-8 text-muted-foreground" />
      <p className="text-sm font-medium">
        {isFull
          ? `This application has the maximum of ${limits.documents.maxFiles} documents`
          : isDragActive
            ? 'Drop the files here'
            : 'Drag and drop files here, or click to select files'}
      </p>
      <p id="document-drop-hint" className="text-xs text-muted-foreground">
        {kindNames(rule)} · up to {maxMegabytes(rule)} MB each · at most {limits.documents.maxFiles} documents
      </p>
    </div>
  )
}
