import type { ApplicationSummary } from '@patentdesk/contract/applications'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { StatusBadge } from '@/components/status-badge'

/** One application of a dashboard list: its title over a line about it, its status, the whole a link to it. */
export function ApplicationLinkItem({
  application,
  about,
}: {
  application: ApplicationSummary
  about: ReactNode
}) {
  return (
    <li>
      <Link
        to={`/patents/${application.id}`}
        className="-mx-2 flex items-center gap-3 rounded-md px-2 py-3 hover:bg-accent focus-visible:bg-accent focus-visible:-outline-offset-2"
      >
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{application.title}</p>
          <p className="text-xs text-muted-foreground">{about}</p>
        </div>
        <StatusBadge status={application.status} variant="table" />
      </Link>
    </li>
  )
}
