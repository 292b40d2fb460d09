import { type ApplicationStatus, isEditable } from '@patentdesk/contract/application-statuses'
import {
  type AccessLevel,
  type ApplicationSummary,
  applicationMessages,
  canEdit,
} from '@patentdesk/contract/applications'
import { Eye, MessageSquare, Pencil } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { StatusBadge } from '@/components/status-badge'
import { IconButton } from '@/components/ui/icon-button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { Tooltip } from '@/components/ui/tooltip'
import { formatDate } from '@/lib/format'

/** A column a list adds after the title: the owner and role of a shared application. */
export type ExtraColumn<T> = { head: string; cell: (application: T) => ReactNode; className?: string }

type ApplicationsTableProps<T extends ApplicationSummary> = {
  applications: T[]
  label?: string
  columns?: ExtraColumn<T>[]
  /** The viewer's access to each row: their own by default. */
  accessOf?: (application: T) => AccessLevel
}

export function ApplicationsTable<T extends ApplicationSummary>({
  applications,
  label = 'My patent applications',
  columns = [],
  accessOf = () => 'owner',
}: ApplicationsTableProps<T>) {
  return (
    <Table label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Reference</TableHead>
          <TableHead>Title</TableHead>
          {columns.map((column) => (
            <TableHead key={column.head}>{column.head}</TableHead>
          ))}
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
            {columns.map((column) => (
              <TableCell key={column.head} className={column.className}>
                {column.cell(application)}
              </TableCell>
            ))}
            <TableCell>
              <StatusBadge status={application.status} variant="table" />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {formatDate(application.updatedAt)}
            </TableCell>
            <TableCell>
              <RowActions application={application} access={accessOf(application)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Why the viewer cannot edit the application from the list, or undefined when they can. */
function editRefusal(access: AccessLevel, status: ApplicationStatus) {
  if (!canEdit(access)) return applicationMessages.cannotEdit
  return isEditable(status) ? undefined : 'Only drafts and applications needing revision can be edited.'
}

function RowActions({ application, access }: { application: ApplicationSummary; access: AccessLevel }) {
  const { id, status } = application
  const refusal = editRefusal(access, status)
  return (
    <div className="flex justify-end gap-1">
      <IconButton asChild label="View">
        <Link to={`/patents/${id}`}>
          <Eye />
        </Link>
      </IconButton>
      {/* Only those who may edit get the link (docs/product.md, Applications); the server checks too. */}
      {refusal ? (
        <Tooltip content={refusal}>
          <IconButton label="Edit" disabled>
            <Pencil />
          </IconButton>
        </Tooltip>
      ) : (
        <IconButton asChild label="Edit">
          <Link to={`/new-application?edit=${id}`}>
            <Pencil />
          </Link>
        </IconButton>
      )}
      <IconButton asChild label="Feedback">
        <Link to={`/patents/${id}/feedback`}>
          <MessageSquare />
        </Link>
      </IconButton>
    </div>
  )
}
