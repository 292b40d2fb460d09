import { Send } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog'

type SubmitForReviewDialogProps = {
  disabled: boolean
  isSubmitting: boolean
  onConfirm: () => void
}

export function SubmitForReviewDialog({ disabled, isSubmitting, onConfirm }: SubmitForReviewDialogProps) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={disabled}>
          <Send />
          {isSubmitting ? 'Submitting...' : 'Submit for Review'}
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Submit for review?"
        description="Your changes are saved first. Once submitted, the application cannot be edited unless the reviewer asks for a revision."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            onClick={() => {
              setOpen(false)
              onConfirm()
            }}
          >
            Submit for Review
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
