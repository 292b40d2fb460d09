import { formatCount } from '@patentdesk/contract/format'
import { patentLimits } from '@patentdesk/contract/patents'
import { Download } from 'lucide-react'
import { buttonVariants } from '@/components/ui/button'

const exported = `Export CSV of the first ${formatCount(patentLimits.exportRows)} results`

/** The search's first results as a CSV file, as Google Patents exports them: the browser downloads it itself. */
export function SearchExportLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      aria-label={exported}
      title={exported}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
    >
      <Download aria-hidden />
      Export CSV
    </a>
  )
}
