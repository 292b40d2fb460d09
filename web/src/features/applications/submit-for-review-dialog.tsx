import { Send } from 'lucide-react'
import { type ComponentProps, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions, DialogContent, DialogTrigger } from '@/components/ui/dialog'

type SubmitForReviewDialogProps = {
  disabled: boolean
  isSubmitting: boolean
  onConfirm: () => void
  /** The problems the drafting checks still list; named in the question when there are any. */
  openProblems?: number
  /** The detail page shows the trigger as its main action; the form beside Save as a secondary one. */
  triggerVariant?: ComponentProps<typeof Button>['variant']
  /** What happens before the submission, e.g. that the form's changes are saved first. */
  preface?: string
}

const problemsText = (count: number) =>
  count === 1
    ? 'The drafting checks still list 1 open problem. '
    : `The drafting checks still list ${count} open problems. `

export function SubmitForReviewDialog({
  disabled,
  isSubmitting,
  onConfirm,
  openProblems = 0,
  triggerVariant = 'outline',
  preface = '',
}: SubmitForReviewDialogProps) {
  const [open, setOpen] = useState(false)
  const description = `${openProblems > 0 ? problemsText(openProblems) : ''}${preface}Once submitted, the application cannot be edited unless the reviewer asks for a revision.`
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={triggerVariant} disabled={disabled}>
          <Send />
          {isSubmitting ? 'Submitting...' : 'Submit for Review'}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={openProblems > 0 ? 'Submit with open problems?' : 'Submit for review?'}
        description={description}
      >
        <DialogActions>
          <Button
            onClick={() => {
              setOpen(false)
              onConfirm()
            }}
          >
            Submit for Review
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  )
}
