import { patentLimits, patentMessages } from '@patentdesk/contract/patents'
import { GitCompareArrows, X } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { type CompareSelection, comparisonUrl } from './compare-selection'

/** The ticked patents, from any page of any search, and the way to compare them. */
export function CompareBar({ selection }: { selection: CompareSelection }) {
  const { selected, toggle, clear } = selection
  if (selected.length === 0) return null
  const tooMany = selected.length > patentLimits.compare.max

  return (
    <section
      aria-label="Selected patents"
      className="sticky bottom-4 z-10 flex flex-wrap items-center gap-3 rounded-xl border bg-card/95 p-3 shadow-lg backdrop-blur"
    >
      <ul className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
        {selected.map((reference) => (
          <li
            key={reference}
            className="inline-flex items-center gap-1 rounded-full border bg-slate-50 py-0.5 pr-1 pl-2.5 font-mono text-xs"
          >
            {reference}
            <button
              type="button"
              aria-label={`Remove ${reference}`}
              onClick={() => toggle(reference, false)}
              className="cursor-pointer rounded-full p-0.5 text-muted-foreground hover:bg-slate-200 hover:text-foreground"
            >
              <X className="size-3" />
            </button>
          </li>
        ))}
      </ul>
      {tooMany && <p className="text-sm text-destructive">{patentMessages.compareMax}</p>}
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={clear}>
          Clear selection
        </Button>
        {selected.length >= patentLimits.compare.min &&
          (tooMany ? (
            <Button disabled>Compare Patents ({selected.length})</Button>
          ) : (
            <Button asChild>
              <Link to={comparisonUrl(selected)}>
                <GitCompareArrows />
                Compare Patents ({selected.length})
              </Link>
            </Button>
          ))}
      </div>
    </section>
  )
}
