import type { Deadline } from '@patentdesk/contract/filing'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { type DeadlineState, deadlineState, describeDaysLeft } from './filing-format'

const badges: Record<DeadlineState, { label: string; className: string }> = {
  open: { label: 'Open', className: 'border-border bg-transparent text-foreground' },
  'due-soon': { label: 'Due soon', className: 'border-transparent bg-amber-100 text-amber-900' },
  overdue: { label: 'Overdue', className: 'border-transparent bg-red-100 text-red-800' },
  done: { label: 'Done', className: 'border-transparent bg-green-100 text-green-800' },
}

type DeadlineProps = { deadline: Pick<Deadline, 'status' | 'daysLeft'> }

export function DeadlineStatusBadge({ deadline }: DeadlineProps) {
  const state = deadlineState(deadline)
  const { label, className } = badges[state]
  return (
    <Badge data-state={state} className={className}>
      {label}
    </Badge>
  )
}

/** 'in 12 days', 'today' or '3 days overdue', in red once the date has passed. */
export function DaysLeft({ deadline: { daysLeft } }: DeadlineProps) {
  return (
    <span className={cn('text-xs', daysLeft < 0 ? 'text-destructive' : 'text-muted-foreground')}>
      {describeDaysLeft(daysLeft)}
    </span>
  )
}
