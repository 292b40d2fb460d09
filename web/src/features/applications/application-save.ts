import type { ApplicationContent } from '@patentdesk/contract/applications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/toast'
import { applicationsPath, useInvalidateApplication } from '@/lib/application-queries'
import { getSessionUser } from '@/lib/session'
import { attachDocuments, createApplication, submitApplication, updateApplication } from './api'
import type { DocumentSelection } from './document-selection'
import { saveErrorMessage } from './save-error'

type UploadFailure = { fileName: string; message: string }

export const describeFailures = (failures: UploadFailure[]) =>
  failures.map(({ fileName, message }) => `${fileName} was not attached: ${message}`).join(' ')

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

/**
 * Attaches the files uploaded while the form was filled in, all in one request once every upload has
 * settled; a file whose upload failed, or an attachment the server refused, is reported, not retried.
 */
export async function attachUploaded(applicationId: number, selection: DocumentSelection) {
  const settled = await selection.settled()
  const failures: UploadFailure[] = settled.flatMap(({ file, upload }) =>
    upload.status === 'failed' ? [{ fileName: file.name, message: upload.message }] : [],
  )
  const uploaded = settled.flatMap((item) =>
    item.upload.status === 'uploaded' ? [{ item, uploadId: item.upload.uploadId }] : [],
  )
  if (uploaded.length === 0) return failures
  try {
    await attachDocuments(
      applicationId,
      uploaded.map(({ item, uploadId }) => ({ uploadId, documentType: item.documentType })),
    )
    selection.forget(uploaded.map(({ item }) => item.key))
    return failures
  } catch (error) {
    const message = saveErrorMessage(error)
    return [...failures, ...uploaded.map(({ item }) => ({ fileName: item.file.name, message }))]
  }
}

export function useCreateApplicationFlow(selection: DocumentSelection) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const requireSession = useRequireSession()
  const mutation = useMutation({
    mutationFn: async (content: ApplicationContent) => {
      // Files still on their way finish first, so a refused one is known before the draft exists.
      await selection.settled()
      const application = await createApplication(content)
      return { application, failures: await attachUploaded(application.id, selection) }
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
    meta: { errorTitle: 'Error creating patent application', errorDescription: saveErrorMessage },
  })
  return {
    isPending: mutation.isPending,
    save: (content: ApplicationContent) => {
      if (requireSession()) mutation.mutate(content)
    },
  }
}

type EditInput = { content: ApplicationContent; submit: boolean }

/** Saves the changes and attaches the new documents, then optionally submits; a failed upload holds the submission back. */
export function useEditApplicationFlow(id: number, selection: DocumentSelection) {
  const navigate = useNavigate()
  const invalidate = useInvalidateApplication()
  const requireSession = useRequireSession()
  const mutation = useMutation({
    mutationFn: async ({ content, submit }: EditInput) => {
      await selection.settled()
      await updateApplication(id, content)
      const failures = await attachUploaded(id, selection)
      if (submit && failures.length === 0) await submitApplication(id)
      return failures
    },
    onSuccess: async (failures, { submit }) => {
      await invalidate(id)
      if (failures.length > 0) {
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
    // The changes may have been saved before a later step failed.
    onError: () => {
      void invalidate(id)
    },
    meta: {
      errorTitle: (input) =>
        (input as EditInput).submit
          ? 'Error submitting patent application'
          : 'Error updating patent application',
      errorDescription: saveErrorMessage,
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
