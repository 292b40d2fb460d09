import { limits } from '@patentdesk/contract/limits'
import { DocumentDropZone } from './document-drop-zone'
import type { DocumentSelection } from './document-selection'
import { SelectedDocumentList } from './selected-document-list'

type DocumentUploaderProps = {
  selection: DocumentSelection
  /** Documents the application already holds; they count towards the limit. */
  existingDocumentCount: number
  disabled: boolean
}

/** Choosing files uploads them at once, each with its own bar; the form's Save or the detail page attaches them. */
export function DocumentUploader({ selection, existingDocumentCount, disabled }: DocumentUploaderProps) {
  return (
    <>
      <DocumentDropZone
        remaining={limits.documents.maxFiles - existingDocumentCount - selection.accepted.length}
        disabled={disabled}
        onDrop={selection.add}
      />
      <SelectedDocumentList selection={selection} disabled={disabled} />
    </>
  )
}
