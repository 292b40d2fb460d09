import type { ApplicationContent } from '@patentdesk/contract/applications'
import { messages } from '@patentdesk/contract/errors'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { getSessionUser } from '@/features/auth/session'
import { ApiError } from '@/lib/api-client'
import {
  applicationsPath,
  createApplication,
  submitApplication,
  updateApplication,
  uploadDocument,
  useInvalidateApplication,
} from './api'
import type { DocumentSelection } from './document-selection'

type UploadFailure = { fileName: string; message: string }

/** Spec §8: a 401 while saving reads as the query wording, anything unreadable as a fallback. */
function saveErrorMessage(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return messages.authRequiredQuery
  return error instanceof Error && error.message ? error.message : 'An unknown error occurred'
}

const describeFailures = (failures: UploadFailure[]) =>
  failures.map(({ fileName, message }) => `${fileName} was not uploaded: ${message}`).join(' ')

/** Returns false, after telling the user, when nobody is signed in to save for (spec §6). */
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

/** Uploads the accepted files one at a time, reporting each one's progress; one failure stops none of the others. */
async function uploadSelected(applicationId: number, selection: DocumentSelection) {
  const failures: UploadFailure[] = []
  for (const item of selection.accepted) {
    if (item.upload.status === 'completed') continue
    selection.update(item.key, { upload: { status: 'uploading', progress: 0 } })
    try {
      await uploadDocument({
        applicationId,
        file: item.file,
        documentType: item.documentType,
        onProgress: (progress) => selection.update(item.key, { upload: { status: 'uploading', progress } }),
      })
      selection.update(item.key, { upload: { status: 'completed' } })
    } catch (error) {
      const message = saveErrorMessage(error)
      selection.update(item.key, { upload: { status: 'failed', message } })
      failures.push({ fileName: item.file.name, message })
    }
  }
  return failures
}

export function useCreateApplicationFlow(selection: DocumentSelection) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const requireSession = useRequireSession()
  const mutation = useMutation({
    mutationFn: async (content: ApplicationContent) => {
      const application = await createApplication(content)
      return { application, failures: await uploadSelected(application.id, selection) }
    },
    onSuccess: async ({ application, failures }) => {
      await queryClient.invalidateQueries({ queryKey: [applicationsPath] })
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
    onError: (error) =>
      toast({
        title: 'Error creating patent application',
        description: saveErrorMessage(error),
        variant: 'destructive',
      }),
  })
  return {
    isPending: mutation.isPending,
    save: (content: ApplicationContent) => {
      if (requireSession()) mutation.mutate(content)
    },
  }
}

type EditInput = { content: ApplicationContent; submit: boolean }

/** Saves the changes and new documents, then optionally submits; a failed upload holds the submission back. */
export function useEditApplicationFlow(id: number, selection: DocumentSelection) {
  const navigate = useNavigate()
  const invalidate = useInvalidateApplication()
  const requireSession = useRequireSession()
  const mutation = useMutation({
    mutationFn: async ({ content, submit }: EditInput) => {
      await updateApplication(id, content)
      const failures = await uploadSelected(id, selection)
      if (submit && failures.length === 0) await submitApplication(id)
      return failures
    },
    onSuccess: async (failures, { submit }) => {
      await invalidate(id)
      if (failures.length > 0) {
        selection.removeCompleted()
        const outcome = submit ? 'Your changes were saved but not submitted.' : 'Your changes were saved.'
        toast({
          title: 'Document upload failed',
          description: `${outcome} ${describeFailures(failures)}`,
          variant: 'destructive',
        })
        return
      }
      toast(
        submit
          ? { title: 'Application submitted', description: 'Your application has been submitted for review.' }
          : { title: 'Application updated', description: 'Your changes have been saved.' },
      )
      navigate(`/patents/${id}`)
    },
    onError: (error, { submit }) => {
      // The changes may have been saved before a later step failed.
      void invalidate(id)
      toast({
        title: submit ? 'Error submitting patent application' : 'Error updating patent application',
        description: saveErrorMessage(error),
        variant: 'destructive',
      })
    },
  })
  const run = (input: EditInput) => {
    if (requireSession()) mutation.mutate(input)
  }
  return {
    pendingAction: mutation.isPending ? (mutation.variables.submit ? 'submit' : 'save') : null,
    save: (content: ApplicationContent) => run({ content, submit: false }),
    submit: (content: ApplicationContent) => run({ content, submit: true }),
  } as const
}
