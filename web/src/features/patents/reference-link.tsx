import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { espacenetSearchUrl } from './patent-format'

/**
 * A patent named on a details page: linked to its own details page when the corpus holds it, else
 * looked up on Espacenet, which finds provisional, PCT and foreign numbers that have no page here.
 */
export function ReferenceLink({ reference, held }: { reference: string; held: boolean }) {
  if (held) {
    return (
      <Link
        to={`/patent-details/${encodeURIComponent(reference)}`}
        className="font-mono font-medium text-primary hover:underline"
      >
        {reference}
      </Link>
    )
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span className="font-mono font-medium">{reference}</span>
      <a
        href={espacenetSearchUrl(reference)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Find ${reference} on Espacenet (opens in a new tab)`}
        className="inline-flex items-center gap-1 text-xs text-primary hover:underline [&_svg]:size-3"
      >
        Espacenet
        <ExternalLink aria-hidden />
      </a>
    </span>
  )
}
