import { type AnalysisResult, patentSimilarityVariant } from '@patentdesk/contract/analysis'
import { useId } from 'react'
import { cn } from '@/lib/utils'

type SimilarPatent = AnalysisResult['similarPatents']['patents'][number]

const shownBars = 5

/** The bars take the colour of the patent's similarity badge. */
const barColours: Record<ReturnType<typeof patentSimilarityVariant>, string> = {
  destructive: 'bg-destructive',
  default: 'bg-primary',
  outline: 'bg-slate-400',
}

/** The highest similarities as horizontal bars. */
export function SimilarityChart({ patents }: { patents: SimilarPatent[] }) {
  const headingId = useId()
  const top = [...patents].sort((a, b) => b.similarityScore - a.similarityScore).slice(0, shownBars)
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Top Similarities
      </h3>
      <ul className="grid gap-2">
        {top.map(({ reference, title, similarityScore }) => (
          <li
            key={reference}
            className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_2.5rem] items-center gap-3 text-xs"
          >
            <span className="truncate font-mono" title={title}>
              {reference}
            </span>
            <span className="h-2.5 overflow-hidden rounded-full bg-slate-100">
              <span
                className={cn(
                  'block h-full rounded-full',
                  barColours[patentSimilarityVariant(similarityScore)],
                )}
                style={{ width: `${Math.min(Math.max(similarityScore, 0), 100)}%` }}
              />
            </span>
            <span className="text-right font-semibold tabular-nums">{similarityScore}%</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
