import { patentDetailsPath } from '@patentdesk/contract/client-routes'
import { formatLongDate, plural } from '@patentdesk/contract/common'
import { BellRing } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { type useNewPatents, useSavedSearches } from './api'

type NewPatentsPanelProps = { id: number; news: ReturnType<typeof useNewPatents> }

/**
 * Above the results of a saved search opened from its alert or its list: the patents imports found for it
 * since its owner last opened it, each a link (the results mark those they show).
 */
export function NewPatentsPanel({ id, news }: NewPatentsPanelProps) {
  const name = useSavedSearches().data?.find((search) => search.id === id)?.name
  if (news.isPending) return null
  if (news.isError) {
    return <p className="text-sm text-muted-foreground">This saved search no longer exists.</p>
  }
  const { patents } = news.data
  const named = name ? ` for "${name}"` : ''
  return (
    <Card aria-label="New patents" className="grid gap-3 border-primary/40 p-4 sm:p-5" role="region">
      <h2 className="flex items-center gap-2 text-sm font-semibold [&_svg]:size-4 [&_svg]:text-primary">
        <BellRing aria-hidden />
        {patents.length === 0
          ? `No new patents${named} since you last opened it`
          : `${plural(patents.length, 'new patent')}${named} since you last opened it`}
      </h2>
      {patents.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {patents.map((patent) => (
            <li key={patent.reference} className="grid gap-0.5 sm:flex sm:gap-3">
              <Link
                to={patentDetailsPath(patent.reference)}
                className="shrink-0 font-mono font-medium text-primary hover:underline"
              >
                {patent.reference}
              </Link>
              <span className="min-w-0 break-words">
                {patent.title}
                <span className="text-muted-foreground">
                  {' · found '}
                  {formatLongDate(patent.foundAt.slice(0, 10))}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
