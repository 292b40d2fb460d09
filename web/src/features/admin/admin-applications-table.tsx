import { statusLabels } from '@patentdesk/contract/application-statuses'
import type { AdminApplication } from '@patentdesk/contract/applications'
import { Eye } from 'lucide-react'
import { StatusBadge } from '@/components/status-badge'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { formatDate } from '@/lib/format'

/** Case-insensitive substring match on reference, title, or status (its raw value or its label). */
export function filterApplications(applications: AdminApplication[], search: string) {
  const query = search.trim().toLowerCase()
  if (!query) return applications
  return applications.filter(({ reference, title, status }) =>
    [reference, title, status, statusLabels[status]].some((text) => text.toLowerCase().includes(query)),
  )
}

type AdminApplicationsTableProps = {
  applications: AdminApplication[]
  isFiltered: boolean
  onReview: (id: number) => void
}

export function AdminApplicationsTable({ applications, isFiltered, onReview }: AdminApplicationsTableProps) {
  if (applications.length === 0) {
    return (
      <p className="px-6 py-10 text-center text-sm text-muted-foreground">
        {isFiltered ? 'No applications found matching your search criteria.' : 'No applications yet.'}
      </p>
    )
  }
  return (
    <Table label="Patent applications">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Reference</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Applicant</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Submitted</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {applications.map((application) => (
          <TableRow key={application.id}>
            <TableCell className="whitespace-nowrap font-mono text-xs">{application.reference}</TableCell>
            <TableCell className="min-w-48 max-w-xs font-medium">
              <span className="line-clamp-2">{application.title}</span>
            </TableCell>
            <TableCell className="whitespace-nowrap">{application.applicantName ?? 'Unknown'}</TableCell>
            <TableCell>
              <StatusBadge status={application.status} variant="table" forAdmin />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {application.submittedAt ? formatDate(application.submittedAt) : '—'}
            </TableCell>
            <TableCell className="text-right">
              <Button variant="outline" size="sm" onClick={() => onReview(application.id)}>
                <Eye />
                Review
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
