import { type AuditEntry, auditLabels } from '@patentdesk/contract/activity'
import { Badge } from '@/components/ui/badge'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDateTime } from '@/lib/format'
import { AuditSubject } from './audit-subject'

export type AuditEntriesProps = {
  entries: AuditEntry[]
  /** Opens an application's review, from its reference. */
  onReview: (id: number) => void
}

/** The audit log's entries: when, who (no one is the command line), what, to which application or user. */
export function AuditTable({ entries, onReview }: AuditEntriesProps) {
  return (
    <Table label="Audit log">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>When</TableHead>
          <TableHead>Administrator</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Subject</TableHead>
          <TableHead>Detail</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {entry.actor ? entry.actor.fullName : <span className="italic">Command line</span>}
            </TableCell>
            <TableCell>
              <Badge variant="secondary">{auditLabels[entry.action]}</Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <AuditSubject entry={entry} onReview={onReview} />
            </TableCell>
            <TableCell className="min-w-64 max-w-md text-slate-700">{entry.detail}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
