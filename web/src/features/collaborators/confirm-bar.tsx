import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'

type ConfirmBarProps = {
  question: ReactNode
  confirmLabel: string
  isPending: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** The question under a row before it is removed: inside a dialog already, so asked in place. */
export function ConfirmBar({ question, confirmLabel, isPending, onConfirm, onCancel }: ConfirmBarProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 rounded-md bg-muted p-2">
      <p className="mr-auto min-w-0 text-sm wrap-anywhere">{question}</p>
      {/* Cancel takes the focus: the safe answer is the one a stray Enter gives. */}
      <Button size="sm" variant="outline" onClick={onCancel} autoFocus>
        Cancel
      </Button>
      <Button size="sm" variant="destructive" disabled={isPending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  )
}
