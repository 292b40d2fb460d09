import { zodResolver } from '@hookform/resolvers/zod'
import { CommentFormSchema, type CommentForm as CommentFormValues } from '@patentdesk/contract/comments'
import { formatCount } from '@patentdesk/contract/format'
import { limits } from '@patentdesk/contract/limits'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'

type CommentFormProps = {
  label: string
  submitLabel: string
  pending: boolean
  /** Sends the text; the form empties once `done` is called (on success). */
  onSubmit: (text: string, done: () => void) => void
  onCancel: () => void
}

/** The box a new comment or a reply is written in, with the count of its characters against the limit. */
export function CommentForm({ label, submitLabel, pending, onSubmit, onCancel }: CommentFormProps) {
  const id = useId()
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<CommentFormValues>({ resolver: zodResolver(CommentFormSchema), defaultValues: { text: '' } })
  const length = watch('text').length
  const over = length > limits.comment.max

  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={handleSubmit(({ text }) => onSubmit(text, () => reset()))}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel()
      }}
    >
      <FormField
        id={id}
        label={label}
        error={errors.text?.message}
        hint="@username notifies someone with access."
      >
        <Textarea rows={3} autoFocus placeholder="Write a comment..." {...register('text')} />
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Posting...' : submitLabel}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <span className={cn('ml-auto text-xs text-muted-foreground', over && 'font-medium text-destructive')}>
          {formatCount(length)} / {formatCount(limits.comment.max)}
        </span>
      </div>
    </form>
  )
}
