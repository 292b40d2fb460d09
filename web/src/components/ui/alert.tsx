import { cva } from 'class-variance-authority'
import { CircleAlert, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'

const alertVariants = cva('flex gap-3 rounded-lg border p-4 text-sm', {
  variants: {
    variant: {
      success: 'border-green-200 bg-green-50 text-green-900 [&>svg]:text-success',
      destructive: 'border-red-200 bg-red-50 text-red-900 [&>svg]:text-destructive',
    },
  },
})

type AlertProps = { variant: 'success' | 'destructive'; children: ReactNode }

/** A message that stays on the page, unlike a toast; announced politely, or at once when it is a problem. */
export function Alert({ variant, children }: AlertProps) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert
  return (
    <div role={variant === 'success' ? 'status' : 'alert'} className={alertVariants({ variant })}>
      <Icon className="mt-0.5 size-4 shrink-0" />
      <p>{children}</p>
    </div>
  )
}
