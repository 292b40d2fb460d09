import { zodResolver } from '@hookform/resolvers/zod'
import { analysisMessages } from '@patentdesk/contract/analysis'
import { LoaderCircle, Sparkles } from 'lucide-react'
import { type FieldErrors, useController, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { DateInput, dateInputHint } from '@/components/ui/date-input'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/toast'
import {
  type AnalysisFormInput,
  AnalysisFormSchema,
  type AnalysisFormValues,
  documentAccept,
  documentHint,
} from './analysis-form-schema'

const emptyForm: AnalysisFormInput = { title: '', description: '', priorityDate: '', document: null }

/** A missing title or description is told by the toast (docs/product.md, Analysis), so only other problems
 * show inline. */
const inlineError = (message: string | undefined) =>
  message === analysisMessages.missing ? undefined : message

function warnIfMissing(errors: FieldErrors<AnalysisFormInput>) {
  const missing = [errors.title, errors.description].some(
    (error) => error?.message === analysisMessages.missing,
  )
  if (missing) {
    toast({ title: 'Missing Information', description: analysisMessages.missing, variant: 'destructive' })
  }
}

type AnalysisFormProps = {
  running: boolean
  onAnalyze: (values: AnalysisFormValues) => void
}

/** Title, description and an optional document (docs/product.md, Analysis). */
export function AnalysisForm({ running, onAnalyze }: AnalysisFormProps) {
  const {
    register,
    control,
    handleSubmit,
    trigger,
    watch,
    formState: { errors },
  } = useForm<AnalysisFormInput, unknown, AnalysisFormValues>({
    resolver: zodResolver(AnalysisFormSchema),
    defaultValues: emptyForm,
  })
  const { field: documentField } = useController({ control, name: 'document' })
  const bothEmpty = !watch('title') && !watch('description')

  return (
    <form onSubmit={handleSubmit(onAnalyze, warnIfMissing)} noValidate className="grid gap-5">
      <FormField id="analysis-title" label="Patent Title" error={inlineError(errors.title?.message)}>
        <Input placeholder="e.g. Solar-powered soil moisture sensor network" {...register('title')} />
      </FormField>
      <FormField
        id="analysis-description"
        label="Patent Description"
        error={inlineError(errors.description?.message)}
      >
        <Textarea
          rows={6}
          placeholder="Describe the invention: the problem it solves, how it works and what is new about it."
          {...register('description')}
        />
      </FormField>
      <FormField
        id="analysis-priority-date"
        label="Priority or filing date (optional)"
        hint={`${dateInputHint}. Only patents filed before it are prior art; without it, those filed before today.`}
        error={errors.priorityDate?.message}
      >
        <DateInput {...register('priorityDate')} />
      </FormField>
      <FormField
        id="analysis-document"
        label="Supporting Document (optional)"
        hint={`${documentHint}. Its text is analysed with the description.`}
        error={errors.document?.message}
      >
        <Input
          type="file"
          accept={documentAccept}
          name={documentField.name}
          ref={documentField.ref}
          onBlur={documentField.onBlur}
          onChange={(event) => {
            documentField.onChange(event.target.files?.[0] ?? null)
            // Told at once, not on submit: the file is the one thing to fix before waiting for an upload.
            void trigger('document')
          }}
          className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-secondary file:px-2.5 file:py-1 file:text-sm file:font-medium"
        />
      </FormField>
      <div>
        <Button type="submit" size="lg" disabled={running || bothEmpty}>
          {running ? <LoaderCircle className="animate-spin" /> : <Sparkles />}
          Analyze Patent
        </Button>
      </div>
    </form>
  )
}
