import { type StatusFilter, statusFilters } from '@patentdesk/contract/application-statuses'
import type { ApplicationSummary } from '@patentdesk/contract/applications'
import { CircleCheck, Clock, FileText, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { cn } from '@/lib/utils'

type CountCard = { filter: StatusFilter; label: string; icon: LucideIcon; tone: string }

const cards: CountCard[] = [
  { filter: 'active', label: 'Active Applications', icon: FileText, tone: 'bg-blue-50 text-blue-600' },
  { filter: 'pending', label: 'Pending Review', icon: Clock, tone: 'bg-amber-50 text-amber-600' },
  { filter: 'approved', label: 'Approved Patents', icon: CircleCheck, tone: 'bg-green-50 text-green-600' },
]

/** How many of the user's applications each My Patents filter (the contract's `statusFilters`) holds. */
export function countByFilter(applications: ApplicationSummary[], filter: StatusFilter) {
  return applications.filter(({ status }) => statusFilters[filter](status)).length
}

export function DashboardCountCards({ applications }: { applications: ApplicationSummary[] | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {cards.map(({ filter, label, icon: Icon, tone }) => (
        <Link
          key={filter}
          to={`/patents?status=${filter}`}
          className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Card className="flex items-center gap-4 p-5 transition-colors hover:border-primary/40 hover:bg-slate-50">
            <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-lg', tone)}>
              <Icon className="size-5" />
            </span>
            <div>
              <p className="text-sm font-medium text-muted-foreground">{label}</p>
              <p data-testid={`count-${filter}`} className="text-2xl font-semibold tracking-tight">
                {applications ? countByFilter(applications, filter) : '–'}
              </p>
            </div>
          </Card>
        </Link>
      ))}
    </div>
  )
}
