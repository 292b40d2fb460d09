import { applicationMessages } from '@patentdesk/contract/applications'
import { LoaderCircle } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { EditApplication } from '@/features/applications/edit-application'
import { NewApplication } from '@/features/applications/new-application'
import { useSessionCheck } from '@/features/auth/api'

/** /new-application creates; /new-application?edit={id} edits that application with the same form. */
export function NewApplicationPage() {
  const { isChecking } = useSessionCheck()
  const [searchParams] = useSearchParams()
  if (isChecking) {
    return (
      <div role="status" className="flex flex-col items-center gap-2 py-16 text-center">
        <LoaderCircle className="size-6 animate-spin text-primary" />
        <p className="font-medium">Checking authentication</p>
        <p className="text-sm text-muted-foreground">Please wait...</p>
      </div>
    )
  }
  const edit = searchParams.get('edit')
  if (edit === null) return <NewApplication />
  const id = Number(edit)
  if (!Number.isInteger(id) || id <= 0)
    return <Alert variant="destructive">{applicationMessages.notFound}</Alert>
  return <EditApplication key={id} id={id} />
}
