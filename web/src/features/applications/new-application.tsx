import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ApplicationForm } from './application-form'
import { emptyApplicationForm } from './application-form-schema'
import { useCreateApplicationFlow } from './application-save'
import { useDocumentSelection } from './document-selection'
import { GuidelinesInfo } from './guidelines-info'

export function NewApplication() {
  const selection = useDocumentSelection()
  const create = useCreateApplicationFlow(selection)
  return (
    <div className="grid max-w-6xl gap-6">
      <GuidelinesInfo />
      <Card>
        <CardHeader>
          <CardTitle>Application details</CardTitle>
          <CardDescription>
            Complete the three steps below. The application is saved as a draft, which you can edit until you
            submit it for review.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ApplicationForm
            defaultValues={emptyApplicationForm}
            selection={selection}
            existingDocumentCount={0}
            saveLabel="Save Application"
            pendingAction={create.isPending ? 'save' : null}
            onSave={create.save}
          />
        </CardContent>
      </Card>
    </div>
  )
}
