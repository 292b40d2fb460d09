import { type SimilarityResult, similarityBand } from '@patentdesk/contract/patents'
import { cn } from '@/lib/utils'
import { bandStyles } from './similarity-band'

/** Every pair of compared patents as a horizontal bar, most similar first. */
export function SimilarityBars({ result }: { result: SimilarityResult }) {
  const { patents, matrix } = result
  const pairs = patents
    .flatMap((a, i) =>
      patents.slice(i + 1).map((b, offset) => ({ a, b, percent: matrix[i]?.[i + 1 + offset] ?? 0 })),
    )
    .sort((x, y) => y.percent - x.percent)

  return (
    <section aria-labelledby="pairs-heading" className="grid gap-3">
      <h3 id="pairs-heading" className="text-base font-semibold">
        Similarity by pair
      </h3>
      <ul className="grid gap-2.5">
        {pairs.map(({ a, b, percent }) => (
          <li
            key={`${a.reference}-${b.reference}`}
            // On a phone the bar takes a line of its own under the pair, which would otherwise squeeze it out.
            className="grid grid-cols-[minmax(0,1fr)_3rem] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)_3rem]"
          >
            <span className="truncate font-mono text-xs" title={`${a.title} ↔ ${b.title}`}>
              {a.reference} ↔ {b.reference}
            </span>
            <span className="order-last col-span-2 h-3 overflow-hidden rounded-full bg-slate-100 sm:order-none sm:col-span-1">
              <span
                className={cn('block h-full rounded-full', bandStyles[similarityBand(percent)].bar)}
                style={{ width: `${percent}%` }}
              />
            </span>
            <span className="text-right font-semibold tabular-nums">{percent}%</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
