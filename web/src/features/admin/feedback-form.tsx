import { zodResolver } from '@hookform/resolvers/zod'
import { type FeedbackBody, FeedbackBodySchema } from '@patentdesk/contract/applications'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import { useAddFeedback } from './api'

/** The administrator's note to the applicant, shown under the feedback list in admin mode. */
export function FeedbackForm({ applicationId }: { applicationId: number }) {
  const addFeedback = useAddFeedback(applicationId)
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<FeedbackBody>({ resolver: zodResolver(FeedbackBodySchema), defaultValues: { content: '' } })
  const isBlank = watch('content').trim() === ''

  const onSubmit = handleSubmit((body) =>
    addFeedback.mutate(body, {
      onSuccess: () => {
        reset()
        toast({ title: 'Feedback submitted', description: 'Your feedback has been sent to the applicant.' })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 border-t pt-4">
      <FormField id="feedback-content" label="Add Feedback" error={errors.content?.message}>
        <Textarea rows={4} placeholder="Write feedback for the applicant..." {...register('content')} />
      </FormField>
      <div>
        <Button type="submit" disabled={isBlank || addFeedback.isPending}>
          {addFeedback.isPending ? 'Submitting...' : 'Submit Feedback'}
        </Button>
      </div>
    </form>
  )
}
