import { formatCount } from '@patentdesk/contract/format'
import { type PatentSearchHit, patentLimits } from '@patentdesk/contract/patents'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import { MarkedText } from './marked-text'
import {
  cutText,
  formatNames,
  formatPatentDate,
  googlePatentsUrl,
  highlightTerms,
  splitMarks,
} from './patent-format'

const shownCpcCodes = 3

/**
 * The description cut at the contract's `searchDescriptionCut`, with the words the search matched
 * highlighted; when none of them falls inside the cut, the snippet shows where the abstract matched.
 */
function describeHit({ description, snippet }: PatentSearchHit) {
  const cut = cutText(description, patentLimits.searchDescriptionCut)
  const snippetParts = splitMarks(snippet)
  const matched = snippetParts.filter((part) => part.marked).map((part) => part.text)
  const parts = highlightTerms(cut, matched)
  const excerpt = matched.length > 0 && !parts.some((part) => part.marked) ? snippetParts : null
  return { description: parts, excerpt }
}

type SearchResultItemProps = {
  hit: PatentSearchHit
  /** Found for the saved search the page was opened as, since its owner last opened it. */
  isNew?: boolean
  selected: boolean
  onSelectedChange: (selected: boolean) => void
}

export function SearchResultItem({ hit, isNew, selected, onSelectedChange }: SearchResultItemProps) {
  const { description, excerpt } = describeHit(hit)
  const familyOthers = hit.familyOthers ?? 0
  return (
    <li
      className={cn(
        // Off screen (most of a page of results on a phone) a result is not laid out or painted until
        // scrolled near; its height is kept once known, so the scrollbar does not jump.
        'flex gap-3 rounded-xl border bg-card p-4 shadow-sm [contain-intrinsic-size:auto_12rem] [content-visibility:auto] sm:p-5',
        isNew && 'border-primary/60',
      )}
    >
      <input
        type="checkbox"
        aria-label={`Select ${hit.reference}`}
        checked={selected}
        onChange={(event) => onSelectedChange(event.target.checked)}
        className="mt-1 size-4 shrink-0 cursor-pointer accent-primary"
      />
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 className="text-base font-semibold leading-snug">
          <Link
            to={`/patent-details/${encodeURIComponent(hit.reference)}`}
            className="text-primary hover:underline"
          >
            {hit.title}
          </Link>
        </h2>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {isNew && <Badge>New</Badge>}
          <span className="inline-flex flex-wrap items-center gap-x-2">
            <span className="font-mono font-medium text-foreground">{hit.reference}</span>
            <a
              href={googlePatentsUrl(hit.reference)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-primary hover:underline [&_svg]:size-3"
            >
              View on Google Patents
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalLink aria-hidden />
            </a>
          </span>
          <span>{formatNames(hit.applicants)}</span>
          <span>Filed {formatPatentDate(hit.filingDate)}</span>
          <span>Published {formatPatentDate(hit.publicationDate)}</span>
          {familyOthers > 0 && (
            <span className="font-medium text-foreground">
              +{formatCount(familyOthers)} more in this family
            </span>
          )}
        </p>
        {hit.description && (
          <p className="text-sm leading-relaxed text-slate-700">
            <MarkedText parts={description} />
          </p>
        )}
        {excerpt && (
          <p className="border-l-2 pl-3 text-sm leading-relaxed text-muted-foreground">
            …<MarkedText parts={excerpt} />…
          </p>
        )}
        {hit.cpc.length > 0 && (
          <ul aria-label="Classifications" className="flex flex-wrap gap-1.5">
            {hit.cpc.slice(0, shownCpcCodes).map((code) => (
              <li
                key={code}
                className="rounded border bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-600"
              >
                {code}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  )
}
