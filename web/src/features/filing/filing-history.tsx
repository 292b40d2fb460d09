import type { FilingChange } from '@patentdesk/contract/filing'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { formatDay } from './filing-format'

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value)
/** A deadline ticked off or reopened (field `deadline:<id>`) is recorded as its status. */
const statusLabels: Record<string, string> = { open: 'Open', done: 'Done' }

function Value({ field, value }: { field: string; value: string | null }) {
  if (value === null) return <span className="text-muted-foreground">—</span>
  if (field.startsWith('deadline:')) return <>{statusLabels[value] ?? value}</>
  return <>{isIsoDate(value) ? formatDay(value) : value}</>
}

const describeUser = (user: FilingChange['changedBy']) =>
  user ? `${user.fullName}${user.isAdmin ? ' (Admin)' : ''}` : 'Unknown user'

/** Who recorded which date or ticked off which deadline, and when; oldest first, as the server lists it. */
export function FilingHistory({ history }: { history: FilingChange[] }) {
  return (
    <section aria-labelledby="filing-history-heading" className="grid gap-4">
      <h3 id="filing-history-heading" className="text-base font-semibold">
        Filing History
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-muted-foreground">No dates recorded yet.</p>
      ) : (
        <Table label="Filing history">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Change</TableHead>
              <TableHead>From</TableHead>
              <TableHead>To</TableHead>
              <TableHead>By</TableHead>
              <TableHead>When</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {history.map((change) => (
              <TableRow key={change.id}>
                <TableCell className="font-medium">{change.label}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <Value field={change.field} value={change.fromValue} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Value field={change.field} value={change.toValue} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{describeUser(change.changedBy)}</TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}
