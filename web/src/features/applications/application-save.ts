import type { Application, ApplicationContent } from '@patentdesk/contract/applications'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { getSessionUser } from '@/lib/session'
import {
  type SaveChanges,
  staleSaveOf,
  type UploadFailure,
  useCreateApplication,
  useSaveApplication,
  useSubmitApplication,
} from './api'
import type { DocumentSelection } from './document-selection'

/*
 * What the screens do around the applications' calls (api.ts): check that someone is signed in, then
 * tell the user how a save or a submission went and open the next page.
 */

export const describeFailures = (failures: UploadFailure[]) =>
  failures.map(({ fileName, message }) => `${fileName} was not attached: ${message}`).join(' ')

/** Returns false, after telling the user, when nobody is signed in to save for
 * (docs/product.md, Applications). */
function useRequireSession() {
  const navigate = useNavigate()
  return () => {
    if (getSessionUser()) return true
    toast({
      title: 'Authentication Required',
      description: 'You need to be logged in to submit a patent application.',
      variant: 'destructive',
    })
    navigate('/login')
    return false
  }
}

/** What a submission that went through says, from the detail page or from the edit form. */
export const submittedToast = {
  title: 'Application submitted',
  description: 'Your application has been submitted for review.',
}

export function useCreateApplicationFlow(selection: DocumentSelection) {
  const navigate = useNavigate()
  const requireSession = useRequireSession()
  const create = useCreateApplication(selection)
  const save = (content: ApplicationContent) => {
    if (!requireSession()) return
    create.mutate(content, {
      onSuccess: ({ application, failures }) => {
        // The draft exists whatever happened to its documents; its page is where to add them again.
        if (failures.length > 0) {
          toast({
            title: 'Document upload failed',
            description: `Your application was saved as a draft. ${describeFailures(failures)}`,
            variant: 'destructive',
          })
          navigate(`/patents/${application.id}`)
          return
        }
        toast({
          title: 'Patent application created',
          description: 'Your application has been saved as a draft.',
        })
        navigate('/patents')
      },
    })
  }
  return { isPending: create.isPending, save }
}

/**
 * Saves the changes and attaches the new documents; for Submit for Review, then submits through the one
 * submit mutation. A failed upload holds the submission back.
 */
export function useEditApplicationFlow(
  id: number,
  selection: DocumentSelection,
  /** A save refused as made from an older version: the changes, and the application as it now stands. */
  onStale: (input: SaveChanges, current: Application) => void,
) {
  const navigate = useNavigate()
  const requireSession = useRequireSession()
  const saveChanges = useSaveApplication(id, selection)
  const submit = useSubmitApplication(id, { afterSave: true })
  const run = (input: SaveChanges) => {
    if (!requireSession()) return
    saveChanges.mutate(input, {
      onError: (error) => {
        const current = staleSaveOf(error)
        if (current) onStale(input, current)
      },
      onSuccess: (failures) => {
        if (failures.length > 0) {
          const outcome = input.thenSubmit
            ? 'Your changes were saved but not submitted.'
            : 'Your changes were saved.'
          toast({
            title: 'Document upload failed',
            description: `${outcome} ${describeFailures(failures)}`,
            variant: 'destructive',
          })
          return
        }
        if (!input.thenSubmit) {
          toast({ title: 'Application updated', description: 'Your changes have been saved.' })
          navigate(`/patents/${id}`)
          return
        }
        submit.mutate(undefined, {
          onSuccess: () => {
            toast(submittedToast)
            navigate(`/patents/${id}`)
          },
        })
      },
    })
  }
  const submitting = submit.isPending || (saveChanges.isPending && saveChanges.variables.thenSubmit)
  return {
    pendingAction: submitting ? 'submit' : saveChanges.isPending ? 'save' : null,
    save: (content: ApplicationContent, version: number) => run({ content, version, thenSubmit: false }),
    submit: (content: ApplicationContent, version: number) => run({ content, version, thenSubmit: true }),
    /** Saves (or submits) again as asked before, from another version. */
    retry: (input: SaveChanges) => run(input),
  } as const
}
