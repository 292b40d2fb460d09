import { type ApplicationSummary, isEditable } from '@patentdesk/contract/applications'
import { Eye, MessageSquare, Pencil } from 'lucide-react'
import { Link } from 'react-router'
import { StatusBadge } from '@/components/status-badge'
import { IconButton } from '@/components/ui/icon-button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Tooltip } from '@/components/ui/tooltip'
import { formatDate } from '@/lib/format'

export function ApplicationsTable({ applications }: { applications: ApplicationSummary[] }) {
  return (
    <Table label="My patent applications">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Reference</TableHead>
          <TableHead>Title</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Last Update</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {applications.map((application) => (
          <TableRow key={application.id}>
            <TableCell className="whitespace-nowrap font-mono text-xs">{application.reference}</TableCell>
            <TableCell className="max-w-80 min-w-48">
              <span className="line-clamp-2 font-medium">{application.title}</span>
            </TableCell>
            <TableCell>
              <StatusBadge status={application.status} variant="table" />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(application.updatedAt)}
            </TableCell>
            <TableCell>
              <RowActions application={application} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function RowActions({ application }: { application: ApplicationSummary }) {
  const { id, status } = application
  return (
    <div className="flex justify-end gap-1">
      <IconButton asChild label="View">
        <Link to={`/patents/${id}`}>
          <Eye />
        </Link>
      </IconButton>
      {/* Only editable applications get the link (docs/product.md, Applications); the server checks too. */}
      {isEditable(status) ? (
        <IconButton asChild label="Edit">
          <Link to={`/new-application?edit=${id}`}>
            <Pencil />
          </Link>
        </IconButton>
      ) : (
        <Tooltip content="Only drafts and applications needing revision can be edited.">
          <IconButton label="Edit" disabled>
            <Pencil />
          </IconButton>
        </Tooltip>
      )}
      <IconButton asChild label="Feedback">
        <Link to={`/patents/${id}/feedback`}>
          <MessageSquare />
        </Link>
      </IconButton>
    </div>
  )
}
