import { isEditable } from '@patentdesk/contract/application-statuses'
import { type Application, applicationMessages } from '@patentdesk/contract/applications'
import type { ApplicationDocument } from '@patentdesk/contract/documents'
import { useState } from 'react'
import { Link } from 'react-router'
import { StatusBadge } from '@/components/status-badge'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError } from '@/lib/api-client'
import { type SaveChanges, useApplication, useDocuments } from './api'
import { ApplicationForm } from './application-form'
import { toApplicationFormValues } from './application-form-schema'
import { useEditApplicationFlow } from './application-save'
import { useDocumentSelection } from './document-selection'
import { GuidelinesInfo } from './guidelines-info'
import { MergePanel, SaveConflictDialog } from './save-conflict'
import { UploadedDocumentList } from './uploaded-document-list'

/** Loads an application for editing; only its owner may, and only while it is editable. */
export function EditApplication({ id }: { id: number }) {
  const application = useApplication(id)
  const documents = useDocuments(id)

  if (application.isPending || documents.isPending) {
    return <p className="text-sm text-muted-foreground">Loading application...</p>
  }
  const error = application.error ?? documents.error
  if (error) {
    const isMissing = error instanceof ApiError && (error.status === 403 || error.status === 404)
    return <Alert variant="destructive">{isMissing ? applicationMessages.notFound : error.message}</Alert>
  }
  if (!application.data || !documents.data) return null
  if (!isEditable(application.data.status)) return <NotEditable application={application.data} />
  return <EditApplicationForm application={application.data} documents={documents.data} />
}

function NotEditable({ application }: { application: Application }) {
  return (
    <div className="grid max-w-2xl gap-4">
      <Alert variant="destructive">{applicationMessages.notEditable}</Alert>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-muted-foreground">{application.reference} is currently</span>
        <StatusBadge status={application.status} variant="detail" />
      </div>
      <div>
        <Button asChild variant="outline">
          <Link to={`/patents/${application.id}`}>View application</Link>
        </Button>
      </div>
    </div>
  )
}

type EditApplicationFormProps = { application: Application; documents: ApplicationDocument[] }

type Conflict = { input: SaveChanges; theirs: Application }

function EditApplicationForm({ application, documents }: EditApplicationFormProps) {
  const selection = useDocumentSelection()
  // The version the form's text was made from: every save is checked against it (decision 37). A new
  // `formKey` puts that version's text in the form.
  const [base, setBase] = useState({ version: application, formKey: 0 })
  const [conflict, setConflict] = useState<Conflict>()
  const [merging, setMerging] = useState<{ base: Application; theirs: Application }>()
  const edit = useEditApplicationFlow(application.id, selection, (input, theirs) =>
    setConflict({ input, theirs }),
  )
  const madeFrom = base.version.version
  const from = (theirs: Application, formKey = base.formKey) => {
    setBase({ version: theirs, formKey })
    setConflict(undefined)
  }
  return (
    <div className="grid max-w-6xl gap-6">
      <GuidelinesInfo />
      {merging && <MergePanel {...merging} onDone={() => setMerging(undefined)} />}
      {conflict && (
        <SaveConflictDialog
          base={base.version}
          mine={conflict.input.content}
          theirs={conflict.theirs}
          onKeepMine={() => {
            from(conflict.theirs)
            edit.retry({ ...conflict.input, version: conflict.theirs.version })
          }}
          onTakeTheirs={() => from(conflict.theirs, base.formKey + 1)}
          onMergeByHand={() => {
            setMerging({ base: base.version, theirs: conflict.theirs })
            from(conflict.theirs)
          }}
          onCancel={() => setConflict(undefined)}
        />
      )}
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>Edit {application.reference}</CardTitle>
            <StatusBadge status={application.status} variant="detail" />
          </div>
          <CardDescription>
            Save your changes as they are, or submit the application for review when it is ready.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ApplicationForm
            key={base.formKey}
            defaultValues={toApplicationFormValues(base.version)}
            selection={selection}
            existingDocumentCount={documents.length}
            uploadedDocuments={
              <UploadedDocumentList
                applicationId={application.id}
                documents={documents}
                disabled={edit.pendingAction !== null}
              />
            }
            saveLabel="Save Changes"
            pendingAction={edit.pendingAction}
            onSave={(content) => edit.save(content, madeFrom)}
            onSubmitForReview={(content) => edit.submit(content, madeFrom)}
          />
        </CardContent>
      </Card>
    </div>
  )
}
