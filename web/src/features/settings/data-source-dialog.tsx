import type { DataSourceId } from '@patentdesk/contract/settings'
import { ExternalLink } from 'lucide-react'
import { useEffect } from 'react'
import { Dialog, DialogContent } from '@/components/ui/dialog'
import { useDataSource } from './api'

/** The details of one external source; a failed fetch closes the panel (its toast says so). */
export function DataSourceDialog({ source, onClose }: { source: DataSourceId | null; onClose: () => void }) {
  const detail = useDataSource(source)

  useEffect(() => {
    if (detail.isError && source) onClose()
  }, [detail.isError, source, onClose])

  return (
    <Dialog open={source !== null && !detail.isError} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={detail.data?.name ?? 'Data source'} description={detail.data?.description}>
        {detail.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : detail.data ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            <dt className="font-medium text-muted-foreground">Website</dt>
            <dd className="break-all">
              <ExternalAnchor href={detail.data.url} />
            </dd>
            <dt className="font-medium text-muted-foreground">API</dt>
            <dd className="break-all">
              <ExternalAnchor href={detail.data.apiUrl} />
            </dd>
            <dt className="font-medium text-muted-foreground">Key required</dt>
            <dd>{detail.data.keyRequired ? 'Yes' : 'No'}</dd>
            <dt className="font-medium text-muted-foreground">Key configured</dt>
            <dd>{detail.data.keyConfigured ? 'Yes' : 'No'}</dd>
            <dt className="font-medium text-muted-foreground">Data retrieved</dt>
            <dd>
              <ul className="list-disc space-y-0.5 pl-4">
                {detail.data.dataRetrieved.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </dd>
          </dl>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ExternalAnchor({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 text-primary hover:underline"
    >
      {href}
      <ExternalLink className="size-3.5 shrink-0" />
    </a>
  )
}
