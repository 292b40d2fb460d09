import type { PatentDetail } from '@patentdesk/contract/patents'
import { ExternalLink, FileSearch } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { googlePatentsUrl } from './patent-format'
import { PatentStatusBadge } from './patent-status-badge'

type PatentDetailsHeaderProps = {
  patent: PatentDetail
  /** Opens the Prior art tab; no button without it. */
  onFindPriorArt?: () => void
  actions?: ReactNode
}

export function PatentDetailsHeader({ patent, onFindPriorArt, actions }: PatentDetailsHeaderProps) {
  return (
    <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-2">
        <h2 className="text-xl font-semibold leading-snug tracking-tight">{patent.title}</h2>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-muted-foreground">
          <span className="font-mono font-medium text-foreground">{patent.reference}</span>
          <PatentStatusBadge status={patent.status} />
          <span>Source: {patent.source}</span>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 self-start sm:justify-end">
        {onFindPriorArt && (
          <Button onClick={onFindPriorArt}>
            <FileSearch />
            Find prior art
          </Button>
        )}
        <Button variant="outline" asChild>
          <a href={googlePatentsUrl(patent.reference)} target="_blank" rel="noopener noreferrer">
            <ExternalLink />
            View on Google Patents
          </a>
        </Button>
        {actions}
      </div>
    </Card>
  )
}
