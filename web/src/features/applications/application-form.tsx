import { zodResolver } from '@hookform/resolvers/zod'
import { type ApplicationContent, applicationFormSteps } from '@patentdesk/contract/applications'
import type { DraftingIssue } from '@patentdesk/contract/drafting'
import { limits } from '@patentdesk/contract/limits'
import { ChevronLeft, ChevronRight, Save } from 'lucide-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { flushSync } from 'react-dom'
import { type Control, useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Textarea } from '@/components/ui/textarea'
import { DraftingPanel } from '@/features/drafting'
import { ApplicationFormSchema, type ApplicationFormValues } from './application-form-schema'
import { ClaimList, claimFieldId } from './claim-list'
import type { DocumentSelection } from './document-selection'
import { DocumentUploader } from './document-uploader'
import { SubmitForReviewDialog } from './submit-for-review-dialog'

type ApplicationFormProps = {
  defaultValues: ApplicationFormValues
  selection: DocumentSelection
  /** Documents the application already holds; they count towards the limit. */
  existingDocumentCount: number
  /** The list of those documents, shown above the drop area. */
  uploadedDocuments?: ReactNode
  saveLabel: string
  pendingAction: 'save' | 'submit' | null
  onSave: (content: ApplicationContent) => void
  /** Only an existing application can be submitted; without this there is no submit button. */
  onSubmitForReview?: (content: ApplicationContent) => void
}

const lastStep = applicationFormSteps.length - 1

/** A panel named after its tab would share the name 'Description' with the field inside it. */
const stepPanelLabel = (index: number) => ({
  'aria-labelledby': undefined,
  'aria-label': `Step ${index + 1} of ${applicationFormSteps.length}`,
})

/** The control an issue concerns; claims are numbered from 1 like their labels. */
const issueFieldId = ({ field, claim }: DraftingIssue) =>
  field !== 'claims' ? field : claim === null ? null : claimFieldId(claim)

/** Feeds the drafting checks the text as typed; watching here keeps the form itself from re-rendering. */
function FormDraftingPanel({
  control,
  showField,
}: {
  control: Control<ApplicationFormValues, unknown, ApplicationContent>
  showField: (issue: DraftingIssue) => HTMLElement | null
}) {
  const [title, abstract, description, claims] = useWatch({
    control,
    name: ['title', 'abstract', 'description', 'claims'],
  })
  return (
    <DraftingPanel
      draft={{ title, abstract, description, claims: claims.map((claim) => claim.value) }}
      showField={showField}
      className="lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
    />
  )
}

/**
 * The three-step application form (docs/product.md, Applications): Next checks the fields of the steps it
 * leaves behind. Beside it (below it on narrow screens) the drafting checks of the text as it is written.
 */
export function ApplicationForm({
  defaultValues,
  selection,
  existingDocumentCount,
  uploadedDocuments,
  saveLabel,
  pendingAction,
  onSave,
  onSubmitForReview,
}: ApplicationFormProps) {
  const {
    register,
    control,
    trigger,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<ApplicationFormValues, unknown, ApplicationContent>({
    resolver: zodResolver(ApplicationFormSchema),
    mode: 'onChange',
    defaultValues,
  })
  const [step, setStep] = useState(0)
  const isSaving = pendingAction !== null

  async function goTo(target: number) {
    for (const [offset, { fields }] of applicationFormSteps.slice(step, target).entries()) {
      const stepIsValid = await trigger([...fields], { shouldFocus: offset === 0 })
      if (!stepIsValid) {
        setStep(step + offset)
        return
      }
    }
    setStep(target)
  }

  // The drafting panel is informational, so it opens any step without checking the ones in between,
  // as Previous does; Save stays disabled until the whole form is valid. The step renders at once so
  // that its field exists to be focused.
  function showIssueField(issue: DraftingIssue) {
    const target = applicationFormSteps.findIndex(({ fields }) => fields.some((name) => name === issue.field))
    flushSync(() => setStep(target))
    const id = issueFieldId(issue)
    return id === null ? null : document.getElementById(id)
  }

  // Enter in a field of an earlier step means Next, not Save.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (step === lastStep) return handleSubmit(onSave)(event)
    event.preventDefault()
    void goTo(step + 1)
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_16rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <Tabs
          value={applicationFormSteps[step]?.id}
          onValueChange={(id) => void goTo(applicationFormSteps.findIndex((item) => item.id === id))}
        >
          <TabsList className="grid h-auto w-full grid-cols-3">
            {applicationFormSteps.map((item) => (
              <TabsTrigger key={item.id} value={item.id} className="whitespace-normal">
                {item.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="basic" {...stepPanelLabel(0)} className="grid gap-4">
            <FormField id="title" label="Title" error={errors.title?.message}>
              <Input
                placeholder="A short name for the invention"
                disabled={isSaving}
                {...register('title')}
              />
            </FormField>
            <FormField id="abstract" label="Abstract" error={errors.abstract?.message}>
              <Textarea
                rows={5}
                placeholder={`A summary of the invention in at least ${limits.abstract.min} characters`}
                disabled={isSaving}
                {...register('abstract')}
              />
            </FormField>
          </TabsContent>
          <TabsContent value="description" {...stepPanelLabel(1)}>
            <FormField id="description" label="Description" error={errors.description?.message}>
              <Textarea
                rows={14}
                placeholder="The technical field, the problem it solves, and how the invention works"
                disabled={isSaving}
                {...register('description')}
              />
            </FormField>
          </TabsContent>
          <TabsContent value="claims" {...stepPanelLabel(2)} className="grid gap-8">
            <ClaimList control={control} register={register} errors={errors} disabled={isSaving} />
            <section aria-labelledby="documents-heading" className="grid gap-3">
              <div>
                <h3 id="documents-heading" className="text-base font-semibold">
                  Supporting Documents
                </h3>
                <p className="text-sm text-muted-foreground">
                  Optional: drawings, specifications or prior art that support the application.
                </p>
              </div>
              {uploadedDocuments}
              <DocumentUploader
                selection={selection}
                existingDocumentCount={existingDocumentCount}
                disabled={isSaving}
              />
            </section>
          </TabsContent>
        </Tabs>

        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
          {step > 0 ? (
            <Button variant="outline" disabled={isSaving} onClick={() => setStep(step - 1)}>
              <ChevronLeft />
              Previous
            </Button>
          ) : (
            <span />
          )}
          {step < lastStep ? (
            <Button type="submit">
              Next
              <ChevronRight />
            </Button>
          ) : (
            <div className="flex flex-wrap gap-2">
              {onSubmitForReview && (
                <SubmitForReviewDialog
                  disabled={!isValid || isSaving}
                  isSubmitting={pendingAction === 'submit'}
                  preface="Your changes are saved first. "
                  onConfirm={() => void handleSubmit(onSubmitForReview)()}
                />
              )}
              <Button type="submit" disabled={!isValid || isSaving}>
                <Save />
                {pendingAction === 'save' ? 'Saving...' : saveLabel}
              </Button>
            </div>
          )}
        </div>
      </form>
      <FormDraftingPanel control={control} showField={showIssueField} />
    </div>
  )
}
