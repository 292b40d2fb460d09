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

/**
 * The first patents of the list, in its order (most relevant first) and numbered as it is, each with its
 * similarity as a bar: one order on the tab, so the closest patent is the first everywhere.
 */
export function SimilarityChart({ patents }: { patents: SimilarPatent[] }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        Most Relevant, with Their Similarity
      </h3>
      <ol className="grid gap-2">
        {patents.slice(0, shownBars).map(({ reference, title, similarityScore }, index) => (
          <li
            key={reference}
            className="grid grid-cols-[minmax(0,1fr)_2.5rem] items-center gap-x-3 gap-y-1 text-xs sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_2.5rem]"
          >
            {/* On a phone the title takes its own line, so the bar keeps the width to show a difference. */}
            <span className="col-span-2 truncate sm:col-span-1" title={`${reference}: ${title}`}>
              {index + 1}. {title}
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
      </ol>
    </section>
  )
}
