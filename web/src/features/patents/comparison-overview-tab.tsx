import type { PatentDetail } from '@patentdesk/contract/patents'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { formatNames, formatPatentDate } from './patent-format'
import { PatentStatusBadge } from './patent-status-badge'

export function ComparisonOverviewTab({ patents }: { patents: PatentDetail[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {patents.map((patent) => (
        <li key={patent.reference}>
          <Card className="grid h-full content-start gap-3 p-5">
            <div className="flex items-start justify-between gap-3">
              <span className="font-mono text-sm font-medium">{patent.reference}</span>
              <PatentStatusBadge status={patent.status} />
            </div>
            <h2 className="font-semibold leading-snug">
              <Link
                to={`/patent-details/${encodeURIComponent(patent.reference)}`}
                className="text-primary hover:underline"
              >
                {patent.title}
              </Link>
            </h2>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">Applicants</dt>
              <dd>{formatNames(patent.applicants)}</dd>
              <dt className="text-muted-foreground">Filing Date</dt>
              <dd>{formatPatentDate(patent.filingDate)}</dd>
              <dt className="text-muted-foreground">Publication Date</dt>
              <dd>{formatPatentDate(patent.publicationDate)}</dd>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  )
}
