import { isEditable } from '@patentdesk/contract/application-statuses'
import { type Application, canEdit } from '@patentdesk/contract/applications'
import { Paperclip } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { useAttachDocuments } from './api'
import { describeFailures } from './application-save'
import { useDocumentSelection } from './document-selection'
import { DocumentUploader } from './document-uploader'

/** On the detail page the owner or an editor of an editable application adds documents without opening Edit. */
export function AddDocuments({
  application,
  documentCount,
}: {
  application: Application
  documentCount: number
}) {
  if (!canEdit(application.access) || !isEditable(application.status)) return null
  return <AddDocumentsForm applicationId={application.id} documentCount={documentCount} />
}

function AddDocumentsForm({
  applicationId,
  documentCount,
}: {
  applicationId: number
  documentCount: number
}) {
  const selection = useDocumentSelection()
  const attach = useAttachDocuments(applicationId, selection)
  const save = () =>
    attach.mutate(undefined, {
      onSuccess: (failures) => {
        if (failures.length > 0) {
          toast({
            title: 'Document upload failed',
            description: describeFailures(failures),
            variant: 'destructive',
          })
          return
        }
        toast({ title: 'Documents added', description: 'The documents are saved with your application.' })
      },
    })
  const ready = selection.items.filter((item) => item.upload.status === 'uploaded').length
  return (
    <section aria-labelledby="add-documents-heading" className="mt-6 grid gap-3 border-t pt-6">
      <h3 id="add-documents-heading" className="text-sm font-semibold">
        Add documents
      </h3>
      <DocumentUploader
        selection={selection}
        existingDocumentCount={documentCount}
        disabled={attach.isPending}
      />
      {selection.accepted.length > 0 && (
        <div>
          <Button disabled={attach.isPending || (ready === 0 && !selection.isUploading)} onClick={save}>
            <Paperclip />
            {attach.isPending ? 'Saving...' : 'Save documents'}
          </Button>
        </div>
      )}
    </section>
  )
}
