import { clientPaths } from '@patentdesk/contract/client-routes'
import { coverageLine } from '@patentdesk/contract/corpus'
import { Link } from 'react-router'
import { cn } from '@/lib/utils'
import { useCorpusCoverage } from './api'

/**
 * The corpus in one muted line (the contract's `coverageLine`), with a link to the coverage page: what a
 * search or an analysis that finds nothing has looked through. Nothing while it loads or when it fails, so
 * that it never holds up or troubles the page it is on.
 */
export function CoverageLine({ className }: { className?: string }) {
  const { data } = useCorpusCoverage()
  if (!data) return null
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      {coverageLine(data)}{' '}
      <Link
        to={clientPaths.coverage}
        className="whitespace-nowrap text-primary underline underline-offset-2 hover:decoration-2"
      >
        What the corpus covers
      </Link>
    </p>
  )
}
