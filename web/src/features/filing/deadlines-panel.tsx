import type { Deadline, Filing } from '@patentdesk/contract/filing'
import { BellOff, CalendarDays, Check, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { DownloadButton } from '@/components/download-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { applicationExports } from '@/lib/application-queries'
import { useMarkDeadlineDone } from './api'
import { DaysLeft, DeadlineStatusBadge } from './deadline-parts'
import { formatDay } from './filing-format'

/** A patent may be renewed up to its 20th year; the table shows this many of the next renewals. */
const shownRenewals = 2

type DeadlinesPanelProps = { applicationId: number; reference: string; filing: Filing }

export function DeadlinesPanel({ applicationId, reference, filing }: DeadlinesPanelProps) {
  const { dates, deadlines, today } = filing
  const [showAllRenewals, setShowAllRenewals] = useState(false)
  const hasStart = Boolean(dates.filingDate || dates.priorityDate)

  const renewals = deadlines.filter(({ key }) => key === 'renewal')
  const nextRenewals = renewals.filter(({ status }) => status !== 'done').slice(0, shownRenewals)
  const rows = showAllRenewals
    ? deadlines
    : deadlines.filter((deadline) => deadline.key !== 'renewal' || nextRenewals.includes(deadline))

  return (
    <section aria-labelledby="deadlines-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <h3 id="deadlines-heading" className="text-base font-semibold">
            Deadlines
          </h3>
          {hasStart && (
            <p className="text-xs text-muted-foreground">
              Worked out on {formatDay(today)}, UK time. Check each date against the IPO's letters.
            </p>
          )}
        </div>
        {hasStart && deadlines.length > 0 && (
          <DownloadButton
            size="sm"
            icon={CalendarDays}
            label="Download calendar (.ics)"
            target={applicationExports(applicationId, reference).calendar}
          />
        )}
      </div>
      {hasStart ? (
        <DeadlineTable applicationId={applicationId} deadlines={rows} />
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
          Enter the priority date or the UK filing date to see the deadlines.
        </p>
      )}
      {renewals.length > nextRenewals.length && (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setShowAllRenewals(!showAllRenewals)}>
            {showAllRenewals ? 'Show the next renewals only' : `Show all renewals (${renewals.length})`}
          </Button>
        </div>
      )}
    </section>
  )
}

function DeadlineTable({ applicationId, deadlines }: { applicationId: number; deadlines: Deadline[] }) {
  const markDone = useMarkDeadlineDone(applicationId)
  const toggle = (deadline: Deadline) =>
    markDone.mutate({ deadlineId: deadline.id, done: deadline.status !== 'done' })
  const isUpdating = (deadline: Deadline) =>
    markDone.isPending && markDone.variables?.deadlineId === deadline.id

  return (
    <Table label="Deadlines">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Deadline</TableHead>
          <TableHead>Due</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deadlines.map((deadline) => (
          <TableRow key={deadline.id} data-deadline={deadline.id} className="align-top">
            <TableCell className="min-w-64 align-top">
              <DeadlineDescription deadline={deadline} />
            </TableCell>
            <TableCell className="whitespace-nowrap align-top">
              <DueDate deadline={deadline} />
            </TableCell>
            <TableCell className="align-top">
              <DeadlineStatusBadge deadline={deadline} />
            </TableCell>
            <TableCell className="text-right align-top">
              {deadline.manual && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={isUpdating(deadline)}
                  onClick={() => toggle(deadline)}
                >
                  {deadline.status === 'done' ? <RotateCcw /> : <Check />}
                  {deadline.status === 'done' ? 'Reopen' : 'Mark done'}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function DeadlineDescription({ deadline }: { deadline: Deadline }) {
  const { title, action, basis, rule, extension, note, ipoReminder, event, status } = deadline
  return (
    <div className="grid gap-1">
      <p className="font-medium">{title}</p>
      <p className="text-slate-700">{action}</p>
      <p className="text-xs text-muted-foreground">Date: {basis}</p>
      <p className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{rule}</span> · {extension}
      </p>
      {note && <p className="text-xs text-amber-800">{note}</p>}
      {!ipoReminder && !event && status !== 'done' && (
        <p className="flex items-center gap-1 text-xs font-medium text-amber-800">
          <BellOff className="size-3.5" aria-hidden />
          The IPO sends no reminder
        </p>
      )}
    </div>
  )
}

/** The date, how far away it is, and whether it rests on an expected date rather than a recorded one. */
function DueDate({ deadline }: { deadline: Deadline }) {
  const { dueDate, status, estimated } = deadline
  return (
    <div className="grid justify-items-start gap-1">
      <time dateTime={dueDate} className="font-medium">
        {formatDay(dueDate)}
      </time>
      {status !== 'done' && <DaysLeft deadline={deadline} />}
      {estimated && (
        <Badge variant="outline" className="font-normal text-muted-foreground">
          estimated
        </Badge>
      )}
    </div>
  )
}
